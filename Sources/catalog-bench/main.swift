import CatalogKit

#if canImport(Glibc)
    import Glibc
#endif

/// `catalog-bench`: in-process figures for the core at a million entries. `catalog-bench compare` times the
/// `catalog` executable against fzf and grep on the same file.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "compare" {
    Compare.run(Array(arguments.dropFirst()))
} else {
    let count = arguments.first.flatMap(Int.init) ?? 1_000_000
    InProcess.run(count: count)
}
