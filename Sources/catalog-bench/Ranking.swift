import CatalogKit
import Foundation

/// `catalog-bench rank`: how high fuzzy search ranks the path a person meant, against fzf 0.38 with its default
/// options, on real path lists of this machine.
///
/// For each list, targets are drawn with a fixed seed among its files (lines that no other line continues), and
/// each gets four queries typed the way people type them: the first letters of its name; the start of its
/// directory's name and the start of its own, with and without a space between; and its whole name. The score of
/// a query is the reciprocal of the target's rank among the hits (0 when it is not among them); the mean over
/// queries is the mean reciprocal rank. Lists marked "tuning" are the ones the scoring's constants were tried on;
/// the others are held out, to tell a rule that helps real paths from one that fits a list.
enum Ranking {
    /// A path list of this machine: how it is made, and whether the scoring was tuned on it.
    struct List {
        var name: String
        var command: String
        var tuning: Bool
    }

    static let lists = [
        List(name: "usr-share", command: "find /usr/share", tuning: true),
        List(name: "pyenv", command: "find /root/.pyenv", tuning: true),
        List(name: "usr-lib", command: "find /usr/lib", tuning: false),
        List(name: "usr-include", command: "find /usr/include", tuning: false),
        List(name: "rustup", command: "find /root/.rustup", tuning: false),
        List(name: "opt", command: "find /opt", tuning: false),
    ]

    static let kinds = ["name prefix", "dir+name", "dir name", "whole name"]

    /// One query and where each tool ranked its target.
    struct Case {
        var list: String
        var kind: Int
        var query: String
        var target: String
        var ours = 0
        var fzf = 0
        /// The reciprocal rank a ranking that knew how the queries are made would expect (``Ceiling``).
        var ceiling = 0.0
    }

    /// The evaluation's figures: mean reciprocal rank, hit@1 and hit@10, per kind and in all, for both tools.
    struct Summary {
        var cases: [Case] = []

        func mrr(_ cases: [Case], _ rank: (Case) -> Int) -> Double {
            cases.isEmpty
                ? .nan : cases.reduce(0) { $0 + (rank($1) > 0 ? 1 / Double(rank($1)) : 0) } / Double(cases.count)
        }

        func hits(_ cases: [Case], within: Int, _ rank: (Case) -> Int) -> Double {
            cases.isEmpty ? .nan : Double(cases.filter { (1...within).contains(rank($0)) }.count) / Double(cases.count)
        }
    }

    /// Runs the evaluation and prints its tables.
    ///
    /// - Parameters:
    ///   - targets: Targets drawn per list.
    ///   - fzf: fzf's path, or `nil` to rank with Catalog alone.
    /// - Returns: The figures.
    @discardableResult
    static func run(targets: Int = 30, fzf: String?) -> Summary {
        try? FileManager.default.createDirectory(atPath: Processes.directory, withIntermediateDirectories: true)
        var summary = Summary()
        for list in lists {
            let file = Processes.directory + "/rank-\(list.name).txt"
            if !FileManager.default.fileExists(atPath: file) {
                _ = Processes.run("\(list.command) 2>/dev/null")
                _ = try? FileManager.default.copyItem(atPath: Processes.directory + "/out.txt", toPath: file)
            }
            guard let data = FileManager.default.contents(atPath: file), !data.isEmpty,
                let snapshot: Snapshot<Void> = try? CatalogFile.parse([UInt8](data))
            else { continue }
            var cases = makeCases(list.name, [UInt8](data), targets: targets)
            let ceiling = Ceiling([UInt8](data))
            for index in cases.indices { cases[index].ceiling = ceiling.expected(cases[index]) }
            var recordOf: [String: UInt32] = [:]
            for record in 0..<snapshot.count { recordOf[snapshot.table.path(record)] = UInt32(record) }
            // fzf's ranks depend only on the list and the query: kept beside the list, keyed by both.
            let cacheFile = file + ".fzf-ranks"
            var cached: [String: Int] = [:]
            if let text = try? String(contentsOfFile: cacheFile, encoding: .utf8) {
                for line in text.split(separator: "\n") {
                    let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
                    if parts.count == 3, let rank = Int(parts[2]) { cached[parts[0] + "\t" + parts[1]] = rank }
                }
            }
            var cacheText = ""
            for index in cases.indices {
                let target = cases[index].target
                let hits = snapshot.index.search(Query(cases[index].query, matching: .fuzzy))
                if let record = recordOf[target], let position = hits.firstIndex(of: record) {
                    cases[index].ours = position + 1
                }
                guard let fzf else { continue }
                let key = cases[index].query + "\t" + target
                if let rank = cached[key] {
                    cases[index].fzf = rank
                } else {
                    let lines = Processes.filter(fzf: fzf, query: cases[index].query, file: file)
                    cases[index].fzf = lines.firstIndex(of: target).map { $0 + 1 } ?? 0
                }
                cacheText += key + "\t\(cases[index].fzf)\n"
            }
            // Without fzf nothing was ranked by it: the cache stays as it was.
            if fzf != nil { try? cacheText.write(toFile: cacheFile, atomically: true, encoding: .utf8) }
            if ProcessInfo.processInfo.environment["CATALOG_RANK_CASES"] != nil {
                for item in cases {
                    print(
                        "case\t\(list.name)\t\(item.kind)\t\(item.ours)\t\(item.fzf)\t\(item.query)\t\(item.target)\t"
                            + String(format: "%.3f", item.ceiling))
                }
            }
            summary.cases += cases
        }
        print(table(summary, fzf: fzf != nil))
        return summary
    }

    /// Draws targets among a list's files and makes their four queries.
    static func makeCases(_ list: String, _ bytes: [UInt8], targets: Int) -> [Case] {
        let files = files(bytes)
        var rng = Seeded(seed: UInt64(truncatingIfNeeded: list.hashValueStable))
        var cases: [Case] = []
        for _ in 0..<min(targets, files.count) {
            let target = files[rng.next(files.count)]
            for (kind, query) in queries(target, &rng) {
                cases.append(Case(list: list, kind: kind, query: query, target: target))
            }
        }
        return cases
    }

    /// The lines of a list a target is drawn among: files (no line continues them) with a name of three
    /// characters or more, in plain text.
    static func files(_ bytes: [UInt8]) -> [String] {
        let lines = bytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        let set = Set(lines)
        // A file: no line continues it; a name of three characters or more, in plain text.
        var isDirectory = Set<String>()
        for line in lines {
            if let slash = line.lastIndex(of: "/"), slash != line.startIndex {
                isDirectory.insert(String(line[..<slash]))
            }
        }
        let files = lines.filter { line in
            guard !isDirectory.contains(line), let slash = line.lastIndex(of: "/") else { return false }
            let name = line[line.index(after: slash)...]
            return name.count >= 3 && name.allSatisfy { $0.isASCII && !$0.isWhitespace } && set.contains(line)
        }
        return files
    }

    /// How many letters of a name and of its directory each kind of query takes, each count as likely.
    static let nameLetters = 2...5
    static let directoryLetters = 2...3
    static let joinedNameLetters = 2...4

    /// A target's name and the name of its directory, in lower case, as its queries are typed.
    static func parts(_ target: String) -> (name: String, directory: String?)? {
        let parts = target.split(separator: "/").map { String($0).lowercased() }
        guard let name = parts.last else { return nil }
        return (name, parts.count >= 2 ? parts[parts.count - 2] : nil)
    }

    /// A target's four queries by kind, the letters each takes drawn from `rng`.
    static func queries(_ target: String, _ rng: inout Seeded) -> [(Int, String)] {
        guard let (name, directory) = parts(target) else { return [] }
        let take = { (text: String, letters: ClosedRange<Int>, rng: inout Seeded) -> String in
            String(text.prefix(letters.lowerBound + rng.next(letters.count)))
        }
        var queries = [(0, take(name, nameLetters, &rng))]
        if let directory {
            let start = take(directory, directoryLetters, &rng)
            let end = take(name, joinedNameLetters, &rng)
            queries.append((1, start + end))
            queries.append((2, start + " " + end))
        }
        queries.append((3, name))
        return queries
    }

    /// The best any ranking can expect on the evaluation: one that knows how its queries are made (a target drawn
    /// at random among the files, letters taken as ``queries(_:_:)`` takes them) ranks every file by how many of
    /// the ways of typing it give the query, and can only draw among the files that give it in as many ways. A
    /// query's ceiling is the reciprocal rank that ranking expects for its target.
    struct Ceiling {
        /// For each kind, query and number of ways: how many files give that query in that many ways.
        private var files: [String: Int] = [:]
        /// How many ways each file gives each of its queries, by kind.
        private var ways: [String: Int] = [:]

        init(_ bytes: [UInt8]) {
            for file in Ranking.files(bytes) {
                for (kind, query, count) in Ceiling.typings(file) {
                    ways["\(kind)\t\(query)\t\(file)"] = count
                    files["\(kind)\t\(query)\t\(count)", default: 0] += 1
                }
            }
        }

        /// Every query a file gives, by kind, with the number of ways it gives it.
        static func typings(_ file: String) -> [(Int, String, Int)] {
            guard let (name, directory) = Ranking.parts(file) else { return [] }
            var counted: [String: Int] = [:]
            var result: [(Int, String, Int)] = []
            func add(_ kind: Int, _ queries: [String]) {
                counted = [:]
                for query in queries { counted[query, default: 0] += 1 }
                result += counted.map { (kind, $0.key, $0.value) }
            }
            add(0, nameLetters.map { String(name.prefix($0)) })
            if let directory {
                let pairs = directoryLetters.flatMap { start in
                    joinedNameLetters.map { (String(directory.prefix(start)), String(name.prefix($0))) }
                }
                add(1, pairs.map { $0.0 + $0.1 })
                add(2, pairs.map { $0.0 + " " + $0.1 })
            }
            add(3, [name])
            return result
        }

        /// The reciprocal rank expected for a case's target: after every file that gives its query in more ways,
        /// at a random place among those that give it in as many.
        func expected(_ item: Case) -> Double {
            guard let count = ways["\(item.kind)\t\(item.query)\t\(item.target)"] else { return 0 }
            let most = [nameLetters.count, directoryLetters.count * joinedNameLetters.count, 1].max() ?? 1
            let ahead = (count + 1...max(count + 1, most)).reduce(0) {
                $0 + files["\(item.kind)\t\(item.query)\t\($1)", default: 0]
            }
            let tied = max(files["\(item.kind)\t\(item.query)\t\(count)", default: 1], 1)
            return (1...tied).reduce(0) { $0 + 1 / Double(ahead + $1) } / Double(tied)
        }
    }

    /// The tables: per kind and in all, then per list.
    static func table(_ summary: Summary, fzf: Bool) -> String {
        var text = "| query kind | queries | catalog MRR | fzf MRR | ratio | ceiling | ceiling ÷ fzf | catalog hit@1 | "
        text += "fzf hit@1 | catalog hit@10 | fzf hit@10 |\n|---|---|---|---|---|---|---|---|---|---|---|\n"
        func row(_ label: String, _ cases: [Case]) {
            let ours = summary.mrr(cases, \.ours)
            let theirs = fzf ? summary.mrr(cases, \.fzf) : .nan
            text +=
                "| \(label) | \(cases.count) | \(f3(ours)) | \(f3(theirs)) | \(String(format: "%.2f×", ours / theirs)) | "
            let ceiling = cases.isEmpty ? .nan : cases.reduce(0) { $0 + $1.ceiling } / Double(cases.count)
            text += "\(f3(ceiling)) | \(String(format: "%.2f×", ceiling / theirs)) | "
            text +=
                "\(f3(summary.hits(cases, within: 1, \.ours))) | \(f3(fzf ? summary.hits(cases, within: 1, \.fzf) : .nan)) | "
            text +=
                "\(f3(summary.hits(cases, within: 10, \.ours))) | \(f3(fzf ? summary.hits(cases, within: 10, \.fzf) : .nan)) |\n"
        }
        for (kind, label) in kinds.enumerated() { row(label, summary.cases.filter { $0.kind == kind }) }
        row("**all**", summary.cases)
        for list in lists {
            row(
                "\(list.name)\(list.tuning ? " (tuning)" : " (held out)")",
                summary.cases.filter { $0.list == list.name })
        }
        return text
    }

    static func f3(_ value: Double) -> String { value.isNaN ? "–" : String(format: "%.3f", value) }

    /// A small seeded generator, the same on every machine.
    struct Seeded {
        var state: UInt64
        init(seed: UInt64) { state = seed | 1 }
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }
}

extension String {
    /// A hash of the text that is the same on every run (Swift's `hashValue` is seeded per process).
    var hashValueStable: Int {
        Int(truncatingIfNeeded: utf8.reduce(UInt64(0xCBF2_9CE4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 })
    }
}

extension Processes {
    /// Runs `fzf --filter QUERY < FILE` and returns its output lines, best first.
    static func filter(fzf: String, query: String, file: String, exact: Bool = false) -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: fzf)
        process.arguments = (exact ? ["--exact"] : []) + ["--filter", query]
        process.standardInput = FileHandle(forReadingAtPath: file)
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return [] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }
}
