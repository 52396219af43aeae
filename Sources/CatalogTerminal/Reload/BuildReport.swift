/// What a failed build said, cut to what the overlay shows: the compiler's first errors, each with its file
/// (relative to the package), line, column and message; or, when the output holds no error in the compiler's form
/// (a linker's failure, a broken manifest), its last lines.
package struct BuildReport: Sendable, Equatable {
    /// One error the compiler reported.
    package struct Diagnostic: Sendable, Equatable {
        /// The file, relative to the package's folder when it is inside it.
        package var file: String
        package var line: Int
        package var column: Int
        package var message: String
    }

    /// How many errors are kept.
    package static let shownErrors = 5
    /// How many lines of output are kept when no error is in the compiler's form.
    package static let shownLines = 8

    /// The first errors, at most ``shownErrors``, each once.
    package var errors: [Diagnostic]
    /// How many distinct errors the build reported.
    package var errorCount: Int
    /// The output's last lines, when it held no error in the compiler's form.
    package var tail: [String]
    /// The build's exit status.
    package var status: Int32

    /// Reads a build's output.
    ///
    /// Errors are lines of the form `FILE:LINE:COLUMN: error: MESSAGE`, as swiftc and clang print them, or
    /// `FILE:LINE: error: MESSAGE`, as build plugins do; the same error reported twice (the driver and the frontend
    /// both print it) counts once. Colour the compiler added (it may, once it has seen a terminal) is taken off first.
    ///
    /// - Parameters:
    ///   - lines: The build's standard output and error, merged, as lines.
    ///   - status: Its exit status.
    ///   - root: The package's folder, taken off the front of file paths.
    package init(lines: [String], status: Int32, root: String) {
        var seen = Set<String>()
        var errors: [Diagnostic] = []
        let lines = lines.map(Self.withoutColour)
        for line in lines {
            guard let diagnostic = Self.error(in: line, root: root) else { continue }
            let key = "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column):\(diagnostic.message)"
            if seen.insert(key).inserted { errors.append(diagnostic) }
        }
        errorCount = errors.count
        self.errors = Array(errors.prefix(Self.shownErrors))
        let meaningful = lines.filter { !$0.allSatisfy(\.isWhitespace) }
        tail = errors.isEmpty ? Array(meaningful.suffix(Self.shownLines)) : []
        self.status = status
    }

    /// The error a line reports, if it is one in the compiler's form.
    static func error(in line: String, root: String) -> Diagnostic? {
        guard let marker = line.range(of: ": error: ") else { return nil }
        var place = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        var column = 0
        if place.count >= 3, Int(place[place.count - 2]) != nil, let last = Int(place[place.count - 1]) {
            column = last
            place.removeLast()
        }
        guard place.count >= 2, let row = Int(place[place.count - 1]) else { return nil }
        var file = place.dropLast().joined(separator: ":")
        let prefix = root.hasSuffix("/") ? root : root + "/"
        if file.hasPrefix(prefix) { file.removeFirst(prefix.count) }
        return Diagnostic(file: file, line: row, column: column, message: String(line[marker.upperBound...]))
    }

    /// The overlay's lines: each error as `file:line:column: message` (`file:line: message` without a column), or
    /// the output's last lines.
    package var lines: [String] {
        if errors.isEmpty { return tail }
        return errors.map { error in
            (error.column > 0 ? "\(error.file):\(error.line):\(error.column)" : "\(error.file):\(error.line)")
                + ": \(error.message)"
        }
    }

    /// A line with its ANSI escape sequences (colour, bold) taken off.
    static func withoutColour(_ line: String) -> String {
        guard line.contains("\u{1B}") else { return line }
        var result = ""
        var scalars = line.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            // CSI: ESC [ parameters, then a final byte from @ to ~.
            guard scalars.first == "[" else { continue }
            scalars.removeFirst()
            while let next = scalars.popFirst(), !(0x40...0x7E).contains(next.value) {}
        }
        return result
    }
}
