import Foundation
import Testing

/// The README's "Getting started" and the DocC article of the same name show the code of `Tests/Downstream`, word for
/// word, so a new package written from them is the package CI builds and tests. SwiftPM's snippet support isn't
/// available without a plugin package, so the documents carry copies and this test keeps them equal.
///
/// A code block is a copy when the line before it names a file of the downstream package, as `` **`path`** ``.
@Suite("Getting started")
struct GettingStartedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let downstream = root.appendingPathComponent("Tests/Downstream")
    /// The documents that walk through the downstream package.
    static let documents = [
        "README.md", "Sources/CatalogCommand/CatalogCommand.docc/GettingStarted.md",
    ]
    /// The files each document must show, in this order.
    static let files = [
        "Package.swift", "Sources/MyScreens/Counter.swift", "Sources/MyScreens/SignupForm.swift",
        "Sources/MyScreens/MyScreens.swift", "Sources/mycatalog/main.swift",
        "Tests/MyCatalogTests/SnapshotTests.swift", "Tests/MyCatalogTests/CounterTests.swift",
    ]

    /// The code blocks of a Markdown text that follow a `` **`path`** `` line, by path, in order.
    static func captionedBlocks(of text: String) -> [(path: String, code: String)] {
        var blocks: [(String, String)] = []
        var caption: String?
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if var lines = current {
                if line == "```" {
                    if let caption { blocks.append((caption, lines.joined(separator: "\n"))) }
                    current = nil
                    caption = nil
                } else {
                    lines.append(line)
                    current = lines
                }
            } else if line.hasPrefix("```") {
                current = []
            } else if line.hasPrefix("**`") && line.hasSuffix("`**") {
                caption = String(line.dropFirst(3).dropLast(3))
            } else if !line.isEmpty {
                caption = nil
            }
        }
        return blocks
    }

    /// What a document must show for a file: the file itself; for the manifest, without the test-only `brokencat`
    /// target and with Catalog cloned beside the package rather than two folders up.
    static func expected(_ path: String) throws -> String {
        var text = try String(contentsOf: downstream.appendingPathComponent(path), encoding: .utf8)
        if path == "Package.swift" {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let start = lines.firstIndex(where: { $0.contains("Registers an entry twice on purpose") }) {
                lines.removeSubrange(start..<start + 3)
            }
            text = lines.joined(separator: "\n").replacingOccurrences(
                of: "path: \"../..\"", with: "path: \"../Catalog\"")
        }
        return text.trimmingCharacters(in: .newlines)
    }

    @Test("the walk-through shows every file of the downstream package, as it is", arguments: documents)
    func documentShowsDownstream(_ document: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let blocks = Self.captionedBlocks(of: text)
        #expect(blocks.map(\.path) == Self.files, "\(document) shows these files, in this order")
        for block in blocks {
            let expected = try Self.expected(block.path)
            #expect(block.code == expected, "\(document): \(block.path) differs from Tests/Downstream/\(block.path)")
        }
    }

    @Test("a caption names the block right after it, and a block without one is not a copy")
    func captions() {
        let text = "**`A.swift`**\n\n```swift\nlet a = 1\n```\n\ntext\n\n```swift\nlet b = 2\n```\n"
        let blocks = Self.captionedBlocks(of: text)
        #expect(blocks.count == 1)
        #expect(blocks.first?.path == "A.swift")
        #expect(blocks.first?.code == "let a = 1")
    }
}
