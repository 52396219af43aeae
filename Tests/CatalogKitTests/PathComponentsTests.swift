import CatalogKit
import Testing

/// Paths as shell tools print them: `find /`, `find .`, `git ls-files`, `ls -d */`.
@Suite("Path components")
struct PathComponentsTests {
    func components(_ path: String, _ rule: PathComponents = .slash) -> [String] {
        let bytes = Array(path.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            rule.ranges(of: buffer).map { String(decoding: buffer[$0], as: UTF8.self) }
        }
    }

    @Test(
        "each form names its groups and title",
        arguments: [
            ("Group/Sub/Title", ["Group", "Sub", "Title"]),
            ("/usr/share/doc/x", ["/", "usr", "share", "doc", "x"]),
            ("/x", ["/", "x"]),
            ("./src/app/main.swift", ["src", "app", "main.swift"]),
            ("src//app///main.swift", ["src", "app", "main.swift"]),
            ("src/app/", ["src", "app"]),
            ("a/./b", ["a", "b"]),
            ("title", ["title"]),
            ("..", [".."]),
            ("../up/x", ["..", "up", "x"]),
            (".hidden/.x", [".hidden", ".x"]),
            ("/", []),
            ("./", []),
            ("", []),
            ("//", []),
        ])
    func slash(_ example: (String, [String])) {
        #expect(components(example.0) == example.1, "\(example.0)")
    }

    @Test("another separator, and flat lines")
    func otherRules() {
        let colons = PathComponents(separator: Array("::".utf8))
        #expect(components("Swift::Array::append", colons) == ["Swift", "Array", "append"])
        #expect(components("a:b::c", colons) == ["a:b", "c"])
        #expect(components("TCP/IP notes", PathComponents(separator: Array(".".utf8))) == ["TCP/IP notes"])
        #expect(components("TCP/IP notes", PathComponents(separator: [0x2F], flat: true)) == ["TCP/IP notes"])
    }

    @Test("the groups' range runs from the first group to the last, the title is last")
    func split() {
        let bytes = Array("/usr/share/x".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let parts = PathComponents.slash.split(buffer)
            #expect(parts?.groups == 0..<10)
            #expect(parts?.title == 11..<12)
        }
    }
}
