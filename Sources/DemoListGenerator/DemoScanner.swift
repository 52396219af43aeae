/// Finds the demos a Swift file declares, and every `demo(…)` call it can't list.
///
/// A demo is declared as `static let name = demo(…)` directly inside `extension Demos` (or the `enum Demos` body),
/// with no access modifier or a visible one (`internal`, `package`, `public`). Line breaks and comments may come
/// anywhere between the words, the value may be written `Demos.demo(…)` or `Self.demo(…)`, and the name may have a
/// type annotation. Comments and string literals are never read as code. Any other `demo(…)` call is a
/// ``Problem``: the generated list couldn't name it, so the demo would silently be missing from the catalog. The
/// definition `func demo(` is not a call.
struct DemoScanner {
    /// What one file declares.
    struct Result: Equatable {
        /// The names of the demos, in the order of the file.
        var names: [String] = []
        /// The `demo(…)` calls that can't be listed, in the order of the file.
        var problems: [Problem] = []
    }

    /// A `demo(…)` call the generated list can't name, and why.
    enum Problem: Equatable, CustomStringConvertible {
        /// The declaration is `private` or `fileprivate` (the associated access), invisible to the generated file.
        case hidden(name: String, access: String, line: Int)
        /// The declaration is in a `private` or `fileprivate` extension, whose members the generated file can't see.
        case inHiddenExtension(name: String, access: String, line: Int)
        /// The demo is a `static var`.
        case variable(name: String, line: Int)
        /// The declaration has no `static`.
        case notStatic(name: String, line: Int)
        /// The declaration is not directly inside `extension Demos`.
        case outsideExtension(name: String, line: Int)
        /// The call is not the value of a declaration at all.
        case notDeclared(line: Int)

        /// The 1-based line of the declaration, or of the call when there is no declaration.
        var line: Int {
            switch self {
            case .hidden(_, _, let line), .inHiddenExtension(_, _, let line), .variable(_, let line),
                .notStatic(_, let line), .outsideExtension(_, let line), .notDeclared(let line):
                line
            }
        }

        var description: String {
            switch self {
            case .hidden(let name, let access, _):
                "The demo ‘\(name)’ is \(access), so the generated `Demos.all` in another file can't see it and it"
                    + " would be missing; remove `\(access)` (internal is enough)."
            case .inHiddenExtension(let name, let access, _):
                "The demo ‘\(name)’ is in a `\(access) extension Demos`, so the generated `Demos.all` in another file"
                    + " can't see it; declare it in a plain `extension Demos`."
            case .variable(let name, _):
                "The demo ‘\(name)’ is a `static var`; declare it as `static let \(name) = demo(…)`, made once."
            case .notStatic(let name, _):
                "The demo ‘\(name)’ is not `static`; declare it as `static let \(name) = demo(…)` in"
                    + " `extension Demos`."
            case .outsideExtension(let name, _):
                "The demo ‘\(name)’ is not declared directly in `extension Demos`, so `Demos.\(name)` doesn't name it;"
                    + " move `static let \(name) = demo(…)` into `extension Demos`."
            case .notDeclared:
                "This `demo(…)` call is not the value of a `static let` in `extension Demos`, so the generated"
                    + " `Demos.all` can't list it; declare each demo as `static let name = demo(…)` in"
                    + " `extension Demos`."
            }
        }
    }

    /// What a pair of braces encloses, as far as the scanner cares.
    private enum Scope: Equatable {
        /// The body of `extension Demos` or `enum Demos`; `hiddenBy` is its `private` or `fileprivate`, if any.
        case demos(hiddenBy: String?)
        case other
    }

    /// Words that may come before `let` or `var` in a declaration.
    private static let modifiers: Set<String> = [
        "public", "internal", "package", "private", "fileprivate", "open", "static", "class", "final",
        "nonisolated", "lazy", "override", "dynamic", "unowned", "weak",
    ]
    private static let hidingAccess: Set<String> = ["private", "fileprivate"]

    private let tokens: [SwiftToken]

    /// Scans one Swift file.
    ///
    /// - Parameter text: The file's text.
    /// - Returns: The demos it declares and the calls it can't list.
    /// - Complexity: O(*n*) in the length of the text.
    static func scan(_ text: String) -> Result {
        DemoScanner(tokens: SwiftLexer.tokens(in: text)).scan()
    }

    private func text(at index: Int) -> String? {
        tokens.indices.contains(index) ? tokens[index].text : nil
    }

    private func scan() -> Result {
        var result = Result()
        var scopes: [Scope] = []
        var nextScope: Scope?
        var declaredCalls: Set<Int> = []
        for (index, token) in tokens.enumerated() {
            switch token.text {
            case "{":
                scopes.append(nextScope ?? .other)
                nextScope = nil
            case "}":
                _ = scopes.popLast()
            case "extension" where namesDemos(after: index), "enum" where namesDemos(after: index):
                let access = modifiers(before: index).words.first(where: Self.hidingAccess.contains)
                nextScope = .demos(hiddenBy: access)
            case "let", "var":
                guard let (name, call) = declaredDemo(at: index) else { continue }
                declaredCalls.insert(call)
                let (words, start) = modifiers(before: index)
                let line = tokens[start].line
                guard case .demos(let hiddenBy)? = scopes.last else {
                    result.problems.append(.outsideExtension(name: name, line: line))
                    continue
                }
                if let access = words.first(where: Self.hidingAccess.contains) {
                    result.problems.append(.hidden(name: name, access: access, line: line))
                } else if let hiddenBy {
                    result.problems.append(.inHiddenExtension(name: name, access: hiddenBy, line: line))
                } else if token.text == "var" {
                    result.problems.append(.variable(name: name, line: line))
                } else if !words.contains("static") {
                    result.problems.append(.notStatic(name: name, line: line))
                } else {
                    result.names.append(name)
                }
            case "demo" where isCall(at: index) && !declaredCalls.contains(index):
                result.problems.append(.notDeclared(line: token.line))
            default:
                break
            }
        }
        return result
    }

    /// Whether the `extension` or `enum` at `index` is followed by the name `Demos` itself (not `Demos.Inner`).
    private func namesDemos(after index: Int) -> Bool {
        text(at: index + 1) == "Demos" && text(at: index + 2) != "."
    }

    /// Whether the `demo` at `index` is a call of the demo factory: `demo(`, `Demos.demo(` or `Self.demo(`, and
    /// not its definition `func demo(`.
    private func isCall(at index: Int) -> Bool {
        guard text(at: index + 1) == "(" else { return false }
        switch text(at: index - 1) {
        case "func", "case": return false
        case ".": return ["Demos", "Self"].contains(text(at: index - 2))
        default: return true
        }
    }

    /// The declaration starting with the `let` or `var` at `index`, when its value is a call of the demo factory.
    ///
    /// - Returns: The declared name and the index of the `demo` token, or `nil` for any other declaration.
    private func declaredDemo(at index: Int) -> (name: String, call: Int)? {
        guard let name = text(at: index + 1), name.first.map({ $0.isLetter || $0 == "_" }) == true else { return nil }
        var next = index + 2
        if text(at: next) == ":" {
            // Skip the type annotation; a declaration without a value ends at the next keyword or brace.
            let ends: Set<String> = ["=", "{", "}", ";", "let", "var", "func", "static", "case"]
            while let word = text(at: next), !ends.contains(word) { next += 1 }
        }
        guard text(at: next) == "=" else { return nil }
        next += 1
        if ["Demos", "Self"].contains(text(at: next)), text(at: next + 1) == "." { next += 2 }
        guard text(at: next) == "demo", isCall(at: next) else { return nil }
        return (name, next)
    }

    /// The modifiers and attributes before the declaration keyword at `index`.
    ///
    /// - Returns: The modifier words (`private(set)` gives `private`; attributes give none) and the index of the
    ///   declaration's first token.
    private func modifiers(before index: Int) -> (words: [String], start: Int) {
        var words: [String] = []
        var start = index
        while start > 0 {
            var word = start - 1
            if text(at: word) == ")" {
                // `nonisolated(unsafe)`, `private(set)`, `@available(…)`: find the word before the parentheses.
                var depth = 0
                repeat {
                    if text(at: word) == ")" { depth += 1 }
                    if text(at: word) == "(" { depth -= 1 }
                    word -= 1
                } while word > 0 && depth > 0
            }
            guard let text = text(at: word) else { break }
            if self.text(at: word - 1) == "@" {
                start = word - 1
            } else if Self.modifiers.contains(text) {
                words.append(text)
                start = word
            } else {
                break
            }
        }
        return (words, start)
    }
}
