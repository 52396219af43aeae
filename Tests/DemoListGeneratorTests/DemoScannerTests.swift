import Foundation
import Testing

@testable import DemoListGenerator

/// The generator's reading of demo files: which declarations it lists, which `demo(` calls it refuses and on which
/// line, and that comments and string literals never count as code.
@Suite("Demo scanner")
struct DemoScannerTests {
    /// The arguments of a demo call, so the sources below stay short.
    static let call = #"demo("T", in: ["G"], keywords: ["k"], summary: "S") { S() }"#

    @Test func theDocumentedFormIsListed() {
        let source = """
            import CatalogKit

            extension Demos {
                static let greeting = \(Self.call)
            }
            """
        #expect(DemoScanner.scan(source) == .init(names: ["greeting"]))
    }

    /// Catches the defect: a declaration wrapped over lines, commented in between, qualified, annotated or with an
    /// attribute was dropped from the list without a word.
    @Test func declarationsWrappedOrCommentedAnywhereAreListed() {
        let source = """
            extension Demos {
                static let wrappedAfterEquals =
                    \(Self.call)
                static
                let
                everyWordOnItsOwnLine
                =
                \(Self.call)
                static let /* a comment */ commented  // and another
                    = /* before the call */ \(Self.call)
                static let qualified = Demos.\(Self.call)
                static let throughSelf = Self.\(Self.call)
                static let annotated: Entry<any Screen> = \(Self.call)
                @MainActor static let attributed = \(Self.call)
            }
            """
        let names = [
            "wrappedAfterEquals", "everyWordOnItsOwnLine", "commented", "qualified", "throughSelf", "annotated",
            "attributed",
        ]
        #expect(DemoScanner.scan(source) == .init(names: names))
    }

    /// Catches a generator that drops a demo whose access modifier the generated file can see.
    @Test func visibleAccessModifiersAreListed() {
        let source = """
            extension Demos {
                public static let a = \(Self.call)
                internal static let b = \(Self.call)
                package static let c = \(Self.call)
                static public let d = \(Self.call)
                nonisolated(unsafe) static let e = \(Self.call)
            }
            public extension Demos {
                static let f = \(Self.call)
            }
            enum Demos {
                static let g = \(Self.call)
            }
            """
        #expect(DemoScanner.scan(source) == .init(names: ["a", "b", "c", "d", "e", "f", "g"]))
    }

    /// Catches a scanner fooled by `demo(` in a comment or a string literal of any kind.
    @Test func commentsAndStringsAreNotCode() {
        let source = ##"""
            // static let inLineComment = demo(
            /// static let inDocComment = demo(
            /* static let inBlock = demo(
               /* nested */ static let stillInBlock = demo( */
            extension Demos {
                static let text = "static let inString = demo("
                static let escaped = "\"demo(\" static let inEscapes = demo("
                static let multiline = """
                    static let inMultiline = demo(
                    "demo(" \""" demo(
                    """
                static let raw = #"static let inRaw = demo(" still raw"#
                static let rawMultiline = #"""
                    static let inRawMultiline = demo("""
                    """#
                static let interpolated = "\("demo(")"
                static let real = \##(Self.call)
            }
            """##
        #expect(DemoScanner.scan(source) == .init(names: ["real"]))
    }

    /// Catches a scanner that skips the code inside an interpolation along with the string around it.
    @Test func aCallInsideAnInterpolationIsCode() {
        let source = #"""
            extension Demos {
                static let title = "\(demo("T", in: [], keywords: [], summary: "").title)"
            }
            """#
        #expect(DemoScanner.scan(source) == .init(problems: [.notDeclared(line: 2)]))
    }

    @Test func theDefinitionIsNotACall() {
        let source = """
            public enum Demos {
                static func demo(
                    _ title: String, in groups: [String], keywords: [String], summary: String,
                    make: @escaping @Sendable () throws -> any Screen
                ) -> Entry<any Screen> {
                    Entry(title, in: groups, keywords: keywords, summary: summary, make: make)
                }
            }
            """
        #expect(DemoScanner.scan(source) == .init())
    }

    /// Catches a generator that silently leaves out a demo it can't name: each must be a problem on its line.
    @Test func callsThatCantBeListedAreProblemsOnTheirLines() {
        let source = """
            extension Demos {
                private static let hidden = \(Self.call)
                fileprivate static let
                    alsoHidden = \(Self.call)
                static var variable = \(Self.call)
                static let fine = \(Self.call)
                struct Nested {
                    static let nested = \(Self.call)
                }
                static func make() -> Entry<any Screen> { \(Self.call) }
            }
            let topLevel = \(Self.call)
            private extension Demos {
                static let inPrivateExtension = \(Self.call)
            }
            let list = [
                Demos.\(Self.call),
            ]
            extension Demos {
                let instance = \(Self.call)
            }
            """
        let result = DemoScanner.scan(source)
        #expect(result.names == ["fine"])
        #expect(
            result.problems == [
                .hidden(name: "hidden", access: "private", line: 2),
                .hidden(name: "alsoHidden", access: "fileprivate", line: 3),
                .variable(name: "variable", line: 5),
                .outsideExtension(name: "nested", line: 8),
                .notDeclared(line: 10),
                .outsideExtension(name: "topLevel", line: 12),
                .inHiddenExtension(name: "inPrivateExtension", access: "private", line: 14),
                .notDeclared(line: 17),
                .notStatic(name: "instance", line: 20),
            ])
    }

    @Test func aPrivateDeclarationIsToldWhatToWrite() {
        let problem = DemoScanner.Problem.hidden(name: "hidden", access: "private", line: 2)
        #expect(problem.description.contains("‘hidden’ is private"))
        #expect(problem.description.contains("remove `private`"))
    }

    /// Catches a trap or a hang on source cut off anywhere: inside a comment, a string, an interpolation.
    @Test func everyPrefixOfASourceScansWithoutTrapping() {
        let source = ##"""
            /* a /* nested */ comment */ extension Demos {
                static let `quoted` = "a \(b("c\(d)")) \" e" + #"raw \#(f) "# + """
                    multi \(g)
                    """
                static let x = Demos.demo("T", in: [], keywords: [], summary: "") { S() }
            }
            """##
        var prefix = ""
        for character in source {
            prefix.append(character)
            _ = DemoScanner.scan(prefix)
        }
        #expect(DemoScanner.scan(source) == .init(names: ["x"]))
    }

    @Test func linesAreCountedThroughCommentsAndStrings() {
        let source = "a /* one\ntwo */ b \"\"\"\nthree\n\"\"\" c // four\nd"
        let tokens = SwiftLexer.tokens(in: source)
        #expect(tokens.map(\.text) == ["a", "b", "\"", "c", "d"])
        #expect(tokens.map(\.line) == [1, 2, 2, 4, 5])
    }
}

/// The generator as the build runs it: files in, the list or `path:line: error:` lines out.
@Suite("Demo list generator")
struct DemoListGeneratorTests {
    /// A fresh directory for one test's files.
    func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("DemoListGeneratorTests-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func listsTheDemosInFileNameOrder() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let second = folder.appendingPathComponent("B.swift")
        let first = folder.appendingPathComponent("A.swift")
        try "extension Demos {\n    static let b = \(DemoScannerTests.call)\n}\n".write(
            to: second, atomically: false, encoding: .utf8)
        try "extension Demos {\n    static let a =\n        \(DemoScannerTests.call)\n}\n".write(
            to: first, atomically: false, encoding: .utf8)
        let output = folder.appendingPathComponent("Generated.swift")
        #expect(try DemoListGenerator.run([output.path, second.path, first.path]) == [])
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text == DemoListGenerator.source(listing: ["a", "b"]))
        #expect(text.contains("        Demos.a,\n        Demos.b,\n    ]"))
    }

    /// Catches errors that an IDE can't place: each must be `path:line: error: message`, and nothing is written.
    @Test func reportsEachProblemAtItsPathAndLine() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("Hidden.swift")
        try "extension Demos {\n    private static let\n        hidden = \(DemoScannerTests.call)\n}\n".write(
            to: input, atomically: false, encoding: .utf8)
        let output = folder.appendingPathComponent("Generated.swift")
        let errors = try DemoListGenerator.run([output.path, input.path])
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("\(input.path):2: error: The demo ‘hidden’ is private") == true)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
