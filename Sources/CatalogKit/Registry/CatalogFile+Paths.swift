extension CatalogFile {
    /// The most groups a path may have. Deeper paths are refused: every group level costs the tree drawing and
    /// the grouping a prefix as long as the depth, so a path 10,000 groups deep would draw hundreds of megabytes,
    /// and JSON readers refuse nesting much deeper than this.
    public static let maximumGroups = 100

    /// Checks a path's components, read as shell tools print paths (``ShellPath``), and finds its title.
    ///
    /// - Returns: The title's range in `path` (`/` or `.` for a path of the root or the current directory alone,
    ///   ``ShellPath/bareTitle(of:)``), `nil` for an empty path, or the problem.
    static func checkPath(_ path: UnsafeBufferPointer<UInt8>, line: Int) -> Result<Range<Int>?, Error> {
        var groups = -1
        var last: Range<Int>?
        var blank: Range<Int>?
        PathComponents.slash.forEachComponent(of: path) { range in
            groups += 1
            if blank == nil, let previous = last, isBlank(UnsafeBufferPointer(rebasing: path[previous])) {
                blank = previous
            }
            last = range
        }
        guard let title = last else { return .success(ShellPath.bareTitle(of: path)) }
        if blank != nil {
            return .failure(Error(line: line, problem: "the path has an empty group name", notAPath: true))
        }
        if isBlank(UnsafeBufferPointer(rebasing: path[title])) {
            return .failure(Error(line: line, problem: "the path has an empty title", notAPath: true))
        }
        if groups > maximumGroups {
            let problem = "the path has \(groups) groups, more than the \(maximumGroups) allowed; flatten it"
            return .failure(Error(line: line, problem: problem, notAPath: true))
        }
        return .success(title)
    }

    /// Whether bytes are empty or only whitespace (ASCII, or Unicode spaces such as U+3000).
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            switch byte {
            case 0x09...0x0D, 0x20: continue
            // Lead bytes of the other Unicode whitespace (U+0085, U+00A0, U+1680, U+2000–U+205F, U+3000).
            case 0xC2, 0xE1, 0xE2, 0xE3: return String(decoding: bytes, as: UTF8.self).allSatisfy(\.isWhitespace)
            default: return false
            }
        }
        return true
    }
}
