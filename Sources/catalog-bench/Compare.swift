/// Placeholder for the side-by-side comparison with fzf and grep.
enum Compare {
    static func run(_ arguments: [String]) {
        print("compare: not built yet")
    }
}
