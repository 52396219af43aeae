import Foundation

/// A deterministic list of file paths shaped like a large monorepo's `git ls-files`: directories nested four to
/// ten deep, a few subdirectories each near the top and fewer below, one or two files in most directories and
/// a hundred in a few, names made of the words real trees use, with extensions, versions and camelCase. A million
/// lines hold about 600,000 distinct directories: the case that costs a catalog per directory, not per entry.
///
/// Paths are printed depth first, a directory's files before its subdirectories, as `find` prints them.
enum DeepCorpus {
    static let directoryWords = [
        "src", "lib", "include", "test", "tests", "docs", "doc", "share", "bin", "build", "scripts", "config",
        "assets", "images", "icons", "locale", "man", "python3", "site-packages", "node_modules", "vendor", "pkg",
        "internal", "cmd", "api", "core", "util", "utils", "common", "models", "views", "controllers", "components",
        "styles", "static", "templates", "examples", "fixtures", "data", "res", "drawable", "values", "layout", "java",
        "com", "org", "kotlin", "main", "resources", "migrations", "plugins", "modules", "packages", "crates",
        "Sources", "Tests", "services", "handlers", "middleware", "schemas", "proto", "generated", "third_party",
        "tools", "benchmarks", "platform", "linux", "darwin", "windows", "arm64", "x86_64", "debug", "release",
    ]
    static let stems = [
        "index", "main", "README", "Makefile", "LICENSE", "config", "utils", "helpers", "types", "constants", "app",
        "server", "client", "router", "parser", "lexer", "token", "ast", "codegen", "format", "render", "layout",
        "button", "dialog", "menu", "list", "table", "grid", "picker", "slider", "toggle", "Package", "setup",
        "CHANGELOG", "CONTRIBUTING", "Dockerfile", "init", "test_main", "conftest", "settings", "urls", "models",
        "views", "schema", "migration", "handler", "service", "repository", "controller", "FuzzyMatcher",
        "SearchIndex", "HierarchyBuilder", "UserProfile", "NetworkClient", "ImageCache", "AppDelegate",
    ]
    static let extensions = [
        ".c", ".h", ".py", ".js", ".ts", ".tsx", ".swift", ".md", ".json", ".yaml", ".png", ".svg", ".txt", ".go",
        ".rs", ".java", ".kt", ".html", ".css", ".gz", ".so", ".o", ".toml", ".lock", "", ".cc", ".hpp", ".rb",
    ]

    /// Mean subdirectories of a directory at each depth; deeper ones use the last.
    static let subdirectoryMeans: [Double] = [40, 5, 3, 1.7, 1.15, 0.85, 0.6, 0.4, 0.25]

    /// Makes lines one directory at a time.
    struct Generator {
        private var state: UInt64 = 0xDEE9_5EED
        private(set) var lines = 0
        private(set) var directories = 0
        /// The directories still to list: their path and depth.
        private var pending: [(path: [UInt8], depth: Int)] = []

        private mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }

        private mutating func chance(_ probability: Double) -> Bool { Double(next(1 << 20)) < probability * 1_048_576 }

        /// A count with the given mean, spread out: a geometric distribution.
        private mutating func count(mean: Double) -> Int {
            let keep = mean / (1 + mean)
            var result = 0
            while result < 10_000 && chance(keep) { result += 1 }
            return result
        }

        private mutating func directoryName() -> String {
            let word = directoryWords[next(directoryWords.count)]
            switch next(10) {
            case 0: return word + "-" + String(next(20)) + "." + String(next(10))
            case 1: return word + String(next(100))
            case 2: return stems[next(stems.count)].lowercased() + "_" + word
            default: return word
            }
        }

        private mutating func fileName() -> String {
            let stem = stems[next(stems.count)]
            let suffix = next(3) == 0 ? String(next(1000)) : next(4) == 0 ? "_" + directoryWords[next(20)] : ""
            return stem + suffix + extensions[next(extensions.count)]
        }

        /// Appends the next directory's files, or nothing when it has none, and queues its subdirectories.
        mutating func appendLines(to bytes: inout [UInt8], limit: Int) {
            if pending.isEmpty {
                // A new top-level project.
                pending.append((Array("project\(directories)".utf8), 0))
            }
            let (path, depth) = pending.removeLast()
            directories += 1
            // Most directories hold a file or two, a few hundreds; some only subdirectories.
            var files = chance(0.25) ? 0 : 1 + count(mean: 0.9)
            if chance(0.003) { files += 10 + next(120) }
            var names = Set<String>()
            for _ in 0..<files where lines < limit {
                let name = fileName()
                guard names.insert(name).inserted else { continue }
                bytes += path
                bytes.append(0x2F)
                bytes += Array(name.utf8)
                bytes.append(0x0A)
                lines += 1
            }
            let mean = subdirectoryMeans[min(depth, subdirectoryMeans.count - 1)]
            var children = Set<String>()
            for _ in 0..<count(mean: mean) {
                let name = directoryName()
                guard !names.contains(name), children.insert(name).inserted else { continue }
                pending.append((path + [0x2F] + Array(name.utf8), depth + 1))
            }
        }
    }

    /// The corpus as UTF-8 lines.
    ///
    /// - Parameter count: The number of lines.
    /// - Returns: The bytes of the file, newline-terminated lines.
    static func lines(count: Int) -> [UInt8] {
        var generator = Generator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 48)
        while generator.lines < count { generator.appendLines(to: &bytes, limit: count) }
        return bytes
    }

    /// Writes the corpus to a file a megabyte at a time, and reuses a file that is already complete.
    ///
    /// - Returns: The file's size in bytes.
    @discardableResult
    static func write(count: Int, to path: String) -> Int {
        let marker = path + ".complete"
        if FileManager.default.fileExists(atPath: marker),
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        {
            return size
        }
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { return 0 }
        defer { try? handle.close() }
        var generator = Generator()
        var chunk: [UInt8] = []
        var size = 0
        while generator.lines < count {
            chunk.removeAll(keepingCapacity: true)
            while generator.lines < count && chunk.count < 1 << 20 { generator.appendLines(to: &chunk, limit: count) }
            try? handle.write(contentsOf: chunk)
            size += chunk.count
        }
        _ = FileManager.default.createFile(atPath: marker, contents: nil)
        return size
    }
}
