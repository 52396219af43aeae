import Foundation
import Glibc

/// A new, empty directory made by `mkdtemp(3)` for one test; `remove()` deletes it with everything in it.
package struct ScratchDirectory {
    /// A failure to make the directory.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package let url: URL

    package init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/catalog-test-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Failure(description: "mkdtemp failed: \(String(cString: strerror(errno)))")
        }
        url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// A path inside the directory.
    package func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names in a directory inside this one (or in it, for `""`), sorted.
    package func names(in folder: String = "") -> [String] {
        let path = folder.isEmpty ? url.path : file(folder).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// The text of a file inside, or `nil` when it can't be read.
    package func text(_ name: String) -> String? { try? String(contentsOf: file(name), encoding: .utf8) }

    package func remove() {
        // Permissions a test took away would stop the removal (unless running as root).
        if let walker = FileManager.default.enumerator(atPath: url.path) {
            for case let name as String in walker { chmod(file(name).path, 0o700) }
        }
        try? FileManager.default.removeItem(at: url)
    }
}
