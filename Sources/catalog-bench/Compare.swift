#if canImport(Glibc)
    import Glibc
#endif

/// Placeholder for the side-by-side comparison with fzf and grep.
enum Compare {
    static func run(_ arguments: [String]) {
        if arguments.first == "--write-corpus", arguments.count >= 2 {
            let bytes = Corpus.lines(count: 1_000_000)
            let file = fopen(arguments[1], "w")
            _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
            return
        }
        print("compare: not built yet")
    }
}
