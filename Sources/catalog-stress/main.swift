#if canImport(Glibc)
    import Glibc
#endif

/// `catalog-stress`: the registry's concurrent scenarios (see `Stress`), for a ThreadSanitizer build that needs only
/// CatalogKit. `.ci/run` builds it with `--sanitize=thread` and runs it, where `swift test --sanitize=thread` would
/// build every module and test target again to run the same scenarios.
///
/// Exit status: 0 when every scenario held, 1 when one did not (each problem is a line on standard error), 2 for
/// arguments. ThreadSanitizer exits 66 after it reports a race, even when every scenario held.
let arguments = CommandLine.arguments.dropFirst()
guard arguments.isEmpty else {
    let usage = "usage: catalog-stress    runs the registry's concurrent scenarios; build with --sanitize=thread"
    if arguments.first == "-h" || arguments.first == "--help" {
        print(usage)
        exit(0)
    }
    complain(usage)
    exit(2)
}
let results = await Stress.all()
let failed = results.filter { !$0.problems.isEmpty }
for (scenario, problems) in failed {
    for problem in problems { complain("catalog-stress: \(scenario): \(problem)") }
}
guard failed.isEmpty else {
    complain("catalog-stress: \(failed.count) of \(results.count) scenarios failed")
    exit(1)
}
print("catalog-stress: \(results.count) scenarios held")

/// Writes a line to standard error.
func complain(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
