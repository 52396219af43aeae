/// One token of Swift source: a word or a punctuation mark, with the line it starts on.
struct SwiftToken: Equatable {
    /// The token's text: an identifier or keyword (without backticks), a number, or one punctuation character.
    var text: String
    /// The 1-based line the token starts on.
    var line: Int
}

/// Splits Swift source into the tokens the demo scanner needs, leaving out comments and the text of string literals.
///
/// It knows just enough Swift to never mistake a comment or a string for code: `//` and nested `/* */` comments,
/// string literals in every form (`"…"`, multi-line `"""…"""`, raw `#"…"#` with any number of `#`), with their
/// escapes, and the code inside interpolations (`\(…)`, `\#(…)` in a raw string), which it does tokenize. A string
/// literal becomes one `"` token, followed by the tokens of its interpolations. Any input gives tokens; an
/// unterminated comment or string simply runs to the end of the line or file.
struct SwiftLexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var tokens: [SwiftToken] = []

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The tokens of a Swift source file, comments and string contents left out.
    ///
    /// - Parameter text: The file's text.
    /// - Returns: Its tokens in order.
    /// - Complexity: O(*n*) in the length of the text.
    static func tokens(in text: String) -> [SwiftToken] {
        var lexer = SwiftLexer(text)
        lexer.lexCode(inInterpolation: false)
        return lexer.tokens
    }

    private func byte(at offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    /// Whether the bytes at the current position spell `text`.
    private func looking(at text: String) -> Bool {
        var offset = 0
        for expected in text.utf8 {
            guard byte(at: offset) == expected else { return false }
            offset += 1
        }
        return true
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
            true
        default: false
        }
    }

    private mutating func emit(_ start: Int, _ end: Int) {
        tokens.append(SwiftToken(text: String(decoding: bytes[start..<end], as: UTF8.self), line: line))
    }

    /// Steps over one byte, counting lines.
    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
    }

    /// Tokenizes code to the end of the file or, in an interpolation, to the `)` that closes it.
    private mutating func lexCode(inInterpolation: Bool) {
        var depth = 0
        while let current = byte(at: 0) {
            switch current {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                advance()
            case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "/"):
                while let next = byte(at: 0), next != UInt8(ascii: "\n") { advance() }
            case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""), UInt8(ascii: "#"):
                var hashes = 0
                while byte(at: hashes) == UInt8(ascii: "#") { hashes += 1 }
                if byte(at: hashes) == UInt8(ascii: "\"") {
                    tokens.append(SwiftToken(text: "\"", line: line))
                    index += hashes
                    skipString(hashes: hashes)
                } else {
                    emit(index, index + 1)
                    index += 1
                }
            case UInt8(ascii: "`"):
                let start = index + 1
                index += 1
                while let next = byte(at: 0), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") { index += 1 }
                emit(start, index)
                if byte(at: 0) == UInt8(ascii: "`") { index += 1 }
            case _ where Self.isWordByte(current):
                let start = index
                while let next = byte(at: 0), Self.isWordByte(next) { index += 1 }
                emit(start, index)
            default:
                if current == UInt8(ascii: "(") { depth += 1 }
                if current == UInt8(ascii: ")") {
                    if inInterpolation, depth == 0 {
                        index += 1
                        return
                    }
                    depth -= 1
                }
                emit(index, index + 1)
                index += 1
            }
        }
    }

    /// Skips a `/* */` comment, which may nest, starting at its `/*`.
    private mutating func skipBlockComment() {
        var depth = 0
        while byte(at: 0) != nil {
            if looking(at: "/*") {
                depth += 1
                index += 2
            } else if looking(at: "*/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                advance()
            }
        }
    }

    /// Skips a string literal from its opening quote (after any `#`), tokenizing the code in its interpolations.
    ///
    /// - Parameter hashes: How many `#` came before the quote: 0 for an ordinary string.
    private mutating func skipString(hashes: Int) {
        let delimiter = String(repeating: "#", count: hashes)
        let multiline = looking(at: "\"\"\"")
        let close = (multiline ? "\"\"\"" : "\"") + delimiter
        let escape = "\\" + delimiter
        index += multiline ? 3 : 1
        while let current = byte(at: 0) {
            if looking(at: close) {
                index += close.utf8.count
                return
            } else if looking(at: escape) {
                index += escape.utf8.count
                if byte(at: 0) == UInt8(ascii: "(") {
                    index += 1
                    lexCode(inInterpolation: true)
                } else if byte(at: 0) != nil {
                    advance()  // The escaped character, which may be a quote or a line break.
                }
            } else if current == UInt8(ascii: "\n"), !multiline {
                return  // Unterminated: the compiler reports it; carry on with the next line as code.
            } else {
                advance()
            }
        }
    }
}
