import CatalogKit
import CatalogTestSupport
import Testing

/// Bucket labels read as ranges of what the buckets hold (issue 17, defect 9).
@Suite("Grouping, bucket labels")
struct HierarchyBucketTests {
    @Test("find /usr/share/doc: no bucket runs from the last directories into the first files")
    func directoriesAndFiles() throws {
        // Directories sort before files, each kind in natural order: a bucket that held "unzip" (a directory) and
        // "gcc" (a file) would be labelled "unzip … python3.11-venv" and hold gcc, cpp-12 and libasan8.
        let directories = ["adduser", "apt", "bash", "coreutils", "dpkg", "git", "make", "perl", "unzip", "zstd"]
        let files = ["cpp-12", "gcc", "libasan8", "libc6", "python3.11-venv", "zlib1g"]
        let lines =
            directories.map { "/usr/share/doc/\($0)/copyright" } + directories.map { "/usr/share/doc/\($0)/x" }
            + files.map { "/usr/share/doc/\($0)" }
        let hierarchy = try Hierarchy(try snapshot(lines), maxChildren: 10)
        try hierarchy.checkInvariants()
        let labels = hierarchy.children(of: hierarchy.root).map { hierarchy.title(of: $0) }
        // Ten places for ten directories and six files: the fewest keys in all put the directories in four places.
        #expect(
            labels == [
                "adduser", "apt", "bash", "coreutils … zstd", "cpp-12", "gcc", "libasan8", "libc6", "python3.11-venv",
                "zlib1g",
            ])
    }

    @Test("entries kept as read (history, --tac) are no range: a bucket of them is labelled by its first title")
    func asReadBuckets() throws {
        let lines = (1...25).map { "cmd \(($0 * 7) % 25) run \($0)" }
        var format = CatalogFile.Format(paths: PathComponents(separator: [0x2F], flat: true))
        format.order = .asRead
        let read = try CatalogFile.parse(Array(lines.joined(separator: "\n").utf8), format: format) as Snapshot<Void>
        let hierarchy = try Hierarchy(read, maxChildren: 10)
        try hierarchy.checkInvariants()
        let labels = hierarchy.children(of: hierarchy.root).map { hierarchy.title(of: $0) }
        let buckets = labels.filter { $0.contains("…") }
        #expect(!buckets.isEmpty && buckets.allSatisfy { $0.hasSuffix(" …") }, "\(labels)")
        // Each bucket is named by the line it starts with, in the order read.
        for (node, label) in zip(hierarchy.children(of: hierarchy.root), labels) where label.contains("…") {
            guard case .bucket(_, let range) = node else { continue }
            #expect(label == lines[range.lowerBound] + " …")
        }
        // The first lines are the ones wanted (the last commands, with --tac): nine shown directly, so Enter on the
        // first row picks the first line, and the other sixteen in one bucket, split at the fewest keys inside.
        #expect(Array(labels.prefix(9)) == Array(lines.prefix(9)), "\(labels)")
        let rest = try #require(hierarchy.children(of: hierarchy.root).last)
        guard case .bucket(_, let range) = rest else {
            Issue.record("no bucket last: \(labels)")
            return
        }
        #expect(range == 9..<25 && labels.count == 10)
        #expect(hierarchy.children(of: rest).count == 10)
        // Sorted, the same lines' buckets are ranges again.
        format.order = .natural
        let sorted = try CatalogFile.parse(Array(lines.joined(separator: "\n").utf8), format: format) as Snapshot<Void>
        let ranges = try Hierarchy(sorted, maxChildren: 10)
        #expect(ranges.children(of: ranges.root).map { ranges.title(of: $0) }.contains { $0.contains(" … cmd") })
    }

    @Test("under a limit of 2, a directory's own entry shares a bucket with its files, never with its directories")
    func ownEntryUnderTwo() throws {
        // Fuzz input: a group with one subgroup, its own entry and two more entries.
        let catalog = try snapshot(["A/", "A//B", "A/C", "A/S/1", "A/S/2", "Z"])
        let hierarchy = try Hierarchy(catalog, maxChildren: 2)
        try hierarchy.checkInvariants()
        let a = try #require(hierarchy.children(of: hierarchy.root).first)
        #expect(hierarchy.children(of: a).map { hierarchy.title(of: $0) } == ["S", "A … C"])
    }

    @Test("random crowded levels: each bucket holds one kind, in order, and its label names its ends", arguments: 1...8)
    func labelsAreRanges(seed: UInt64) throws {
        print("HierarchyBucketTests.labelsAreRanges seed \(seed)")
        var rng = SeededGenerator(seed: seed)
        var lines = Set<String>()
        let groups = (0..<Int.random(in: 5...40, using: &rng)).map { "dir\($0)" }
        for group in groups {
            for file in 0..<Int.random(in: 2...3, using: &rng) { lines.insert("top/\(group)/f\(file)") }
        }
        for _ in 0..<Int.random(in: 5...60, using: &rng) { lines.insert("top/\(randomTitle(&rng))") }
        // A directory listed besides its contents: the level's own entry.
        if Bool.random(using: &rng) { lines.insert("top") }
        let catalog = try snapshot(lines.sorted())
        let maxChildren = Int.random(in: 2...6, using: &rng)
        let hierarchy = try Hierarchy(catalog, maxChildren: maxChildren)
        try hierarchy.checkInvariants()
        var pending = [hierarchy.root]
        while let node = pending.popLast() {
            let children = hierarchy.children(of: node)
            pending += children
            guard case .bucket = node else { continue }
            let walked = flatten(hierarchy, node)
            let kinds = Set(
                walked.map { child -> String in
                    if case .group = child.node { return "group" }
                    return hierarchy.inlinedGroups(of: child.node, in: child.parent).isEmpty ? "entry" : "group"
                })
            #expect(kinds.count == 1, "seed \(seed): \(hierarchy.title(of: node)) holds \(kinds)")
            // The label names the first and last children, and every child lies between them in order.
            let titles = walked.map { hierarchy.title(of: $0.node) }
            let label = ends(of: hierarchy.title(of: node))
            #expect(label.count == 2, "seed \(seed): \(hierarchy.title(of: node)) holds \(titles)")
            if kinds == ["group"] {
                let names = walked.map { child -> String in
                    hierarchy.inlinedGroups(of: child.node, in: child.parent).first ?? hierarchy.title(of: child.node)
                }
                #expect(zip(names, names.dropFirst()).allSatisfy { NaturalOrder.compare($0, $1) <= 0 }, "seed \(seed)")
                #expect(names.first?.hasPrefix(label[0]) == true && names.last?.hasPrefix(label[1]) == true)
            } else if let first = titles.first, let last = titles.last {
                #expect(first.hasPrefix(label[0]) && last.hasPrefix(label[1]), "seed \(seed): \(label) \(titles)")
            }
        }
    }

    /// A label's two ends, split at the bytes of " … " (a mark after the space would join it as a `Character`).
    private func ends(of label: String) -> [String] {
        let bytes = Array(label.utf8)
        let separator = Array(" … ".utf8)
        guard bytes.count >= separator.count,
            let at = (0...(bytes.count - separator.count)).first(where: {
                bytes[$0..<$0 + separator.count].elementsEqual(separator)
            })
        else { return [label] }
        return [
            String(decoding: bytes[..<at], as: UTF8.self),
            String(decoding: bytes[(at + separator.count)...], as: UTF8.self),
        ]
    }
}
