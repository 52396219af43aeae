import CatalogKit

#if canImport(Glibc)
    import Glibc
#endif

/// `catalog-bench`: in-process figures for the core at a million entries. `catalog-bench compare` times the
/// `catalog` executable against fzf and grep on the same file.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "narrow" {
    // Profiling aid: repeat one narrowing step.
    let snapshot: Snapshot<Void>? = try? CatalogFile.parse(Corpus.lines(count: 1_000_000))
    if let index = snapshot?.index {
        let previous = index.hits(for: Query("gri"))
        let times = (0..<200).map { _ in measure { _ = index.hits(for: Query("grid"), among: previous) } }
        print("gri → grid, median of 200: \(ms(median(times)))")
    }
} else if arguments.first == "compare" {
    Compare.run(Array(arguments.dropFirst()))
} else {
    let count = arguments.first.flatMap(Int.init) ?? 1_000_000
    InProcess.run(count: count)
}
