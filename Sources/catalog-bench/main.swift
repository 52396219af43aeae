import CatalogKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `catalog-bench`: in-process figures for the core at a million entries. `catalog-bench compare` times the
/// `catalog` executable against fzf and grep on the same file; `catalog-bench figures` prints the in-process
/// figures for `compare` to read; `catalog-bench profile WHAT` repeats one operation under a profiler;
/// `catalog-bench snapshots` times snapshotting 1,000 scenarios.
let usage = """
    usage: catalog-bench [COUNT]                  in-process figures for COUNT entries (default 1,000,000)
           catalog-bench compare [--baseline DIR] [--large] [--runs N] [--only SECTIONS]
                                                  whole processes against fzf, grep and sort, and a baseline build;
                                                  SECTIONS from oneshot,fuzzy,launcher,growth,inprocess,real,deep,
                                                  syntax,rank
           catalog-bench figures                  the in-process figures, for compare to read
           catalog-bench profile load|fuzzy|narrow|register|oneshot|sort [REPEATS]
                                                  repeat one operation under a profiler
           catalog-bench profile loadfile|toplevel|group FILE
                                                  a file's load phase by phase; its top level or its
                                                  whole grouping, 20 times
           catalog-bench snapshots                time checking and recording 1,000 scenarios
           catalog-bench rank [TARGETS]           fuzzy ranking on real path lists, against fzf
           catalog-bench reload [RUNS]            live reload: replaying 1,000 events, and a save to the new frame
           catalog-bench corpus kind|deep COUNT FILE
                                                  write a generated corpus of COUNT lines to FILE
    """
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "compare": Compare.run(Array(arguments.dropFirst()))
case "figures": InProcess.printFigures(count: 1_000_000)
case "profile": Profile.run(Array(arguments.dropFirst()))
case "snapshots": SnapshotTiming.run()
case "reload": ReloadTiming.run(Array(arguments.dropFirst()))
case "rank":
    let targets = arguments.dropFirst().first.flatMap { Int($0) } ?? 30
    Ranking.run(targets: targets, fzf: Processes.which("fzf"))
case "corpus":
    guard arguments.count == 4, ["kind", "deep"].contains(arguments[1]), let count = Int(arguments[2]),
        (1...100_000_000).contains(count)
    else { usageError("corpus takes kind or deep, a count from 1 to 100000000, and a file") }
    try? FileManager.default.removeItem(atPath: arguments[3] + ".complete")
    let size =
        arguments[1] == "kind"
        ? Corpus.write(count: count, to: arguments[3]) : DeepCorpus.write(count: count, to: arguments[3])
    try? FileManager.default.removeItem(atPath: arguments[3] + ".complete")
    print("\(arguments[3]): \(count) lines, \(size) bytes")
case "-h", "--help", "help": print(usage)
case nil: InProcess.run(count: 1_000_000)
case let argument?:
    guard let count = Int(argument), (1...100_000_000).contains(count) else {
        usageError("'\(argument)' is neither a command nor a count from 1 to 100000000")
    }
    InProcess.run(count: count)
}

/// Says what is wrong with the command line in one line on standard error, and exits 2.
func usageError(_ problem: String) -> Never {
    let line = Array("catalog-bench: \(problem) (catalog-bench --help shows the usage)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
