import CatalogKit

#if canImport(Glibc)
    import Glibc
#endif

/// `catalog-bench`: in-process figures for the core at a million entries. `catalog-bench compare` times the
/// `catalog` executable against fzf and grep on the same file; `catalog-bench figures` prints the in-process
/// figures for `compare` to read; `catalog-bench profile WHAT` repeats one operation under a profiler;
/// `catalog-bench snapshots` times snapshotting 1,000 scenarios.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "compare": Compare.run(Array(arguments.dropFirst()))
case "figures": InProcess.printFigures(count: 1_000_000)
case "profile": Profile.run(Array(arguments.dropFirst()))
case "snapshots": SnapshotTiming.run()
default: InProcess.run(count: arguments.first.flatMap(Int.init) ?? 1_000_000)
}
