extension ShellCommand {
    /// How a line divides into fzf's fields, for the placeholders `{1}`, `{-1}`, `{2..}`.
    package enum FieldDelimiter: Sendable, Hashable {
        /// fzf's default, as awk reads a line: a field is a run of other characters and the spaces or TABs after
        /// it; spaces and TABs before the first one belong to none.
        case whitespace
        /// `--delimiter TEXT`: a field runs to the end of the next `TEXT`, which it holds; the last is what
        /// follows the last `TEXT`, empty when the line ends with one.
        case text(String)
    }

    /// One of fzf's placeholders that ``expand(_:line:query:marked:delimiter:)`` fills.
    enum Placeholder: Equatable {
        /// `{q}`: what is typed.
        case query
        /// `{}` and `{+}`: the line, or the marked lines; with `ranges`, the fields they name (`{2}`, `{+1..2}`);
        /// `keepsSpace` (the `s` flag) keeps the spaces and TABs at their ends.
        case line(marked: Bool, ranges: [FieldRange]?, keepsSpace: Bool)
    }

    /// A field index expression: `N`, `-N` (counted from the end), `N..`, `..M`, `N..M` or `..`; fields count from
    /// 1, and neither end may be 0. The placeholders `{2..}` and `--nth 2..` read it alike.
    package struct FieldRange: Sendable, Hashable {
        package var from: Int?
        package var to: Int?

        /// Reads a comma-separated list of field index expressions (`2..,..`, `1,3`), as `{1,3}` and `--nth`
        /// write them; `nil` when one of them is no such expression.
        package static func list(_ text: some StringProtocol) -> [FieldRange]? {
            let ranges = text.split(separator: ",", omittingEmptySubsequences: false).map { FieldRange(Substring($0)) }
            return ranges.contains(nil) ? nil : ranges.compactMap { $0 }
        }

        package init?(_ text: Substring) {
            func end(_ text: Substring) -> Int?? {
                guard !text.isEmpty else { return .some(nil) }
                guard let number = Int(text), number != 0 else { return nil }
                return .some(number)
            }
            if let dots = text.range(of: "..") {
                guard let from = end(text[..<dots.lowerBound]), let to = end(text[dots.upperBound...]) else {
                    return nil
                }
                (self.from, self.to) = (from, to)
            } else {
                guard !text.isEmpty, let index = end(text) else { return nil }
                (from, to) = (index, index)
            }
        }

        /// The fields it names of `count`, ascending; empty when they lie outside the line.
        package func indices(of count: Int) -> Range<Int> {
            func resolved(_ index: Int) -> Int { index < 0 ? count + index : index - 1 }
            let lower = max(from.map(resolved) ?? 0, 0)
            let upper = min(to.map(resolved) ?? count - 1, count - 1)
            return lower <= upper ? lower..<(upper + 1) : 0..<0
        }
    }

    /// What a placeholder looks like to fzf (its flags `+`, `s`, `f`, `r`, then field index characters), read:
    /// ``Placeholder`` when catalog fills it; `.failure` when fzf would fill it and catalog doesn't (`{n}`, `{+f}`,
    /// `{0}`); `nil` for text in braces that is no placeholder (`{print $1}`), left as it is.
    static func placeholder(_ inside: Substring) -> Result<Placeholder, UnsupportedPlaceholder>? {
        if inside == "q" { return .success(.query) }
        if ["n", "+n", "fn", "nf", "+fn", "+nf"].contains(inside) { return .failure(UnsupportedPlaceholder()) }
        let flags = inside.prefix { "+sfr".contains($0) }
        let rest = inside.dropFirst(flags.count)
        guard rest.allSatisfy({ $0.isASCII && ($0.isNumber || "-.,".contains($0)) }) else { return nil }
        guard !flags.contains("f"), !flags.contains("r") else { return .failure(UnsupportedPlaceholder()) }
        let ranges = FieldRange.list(rest)
        if !rest.isEmpty && ranges == nil { return .failure(UnsupportedPlaceholder()) }
        return .success(
            .line(marked: flags.contains("+"), ranges: rest.isEmpty ? nil : ranges, keepsSpace: flags.contains("s")))
    }

    /// A placeholder fzf fills and catalog doesn't.
    struct UnsupportedPlaceholder: Error {}

    /// Puts the line, the query and the marks into a command, fzf's way: `{}` becomes the line, `{q}` what is
    /// typed, `{+}` the marked lines (`--multi`, in the order marked), or the line when none is marked; `{1}`,
    /// `{-1}`, `{2..}`, `{1,3}` the line's fields (``FieldDelimiter``), joined as the line has them, with a
    /// delimiter at their end left out and then spaces and TABs at both ends (unless flagged `s`, `{s2..}`), and
    /// `{+1}` that field of each marked line. Each becomes one word in single quotes, each quote in it written
    /// `'\''`, so the shell reads it as given whatever it holds. Neither the lines nor the query is searched for
    /// placeholders. A placeholder catalog doesn't fill (``unsupportedPlaceholder(in:)``) is left as it is.
    ///
    /// - Complexity: O(*n* + *k* × *m*) for a command of length *n* with *k* placeholders, and lines and a query
    ///   of total length at most *m*.
    public static func expand(
        _ command: String, line: String, query: String = "", marked: [String] = [],
        delimiter: FieldDelimiter = .whitespace
    ) -> String {
        var result = ""
        for piece in pieces(of: command) {
            switch piece {
            case .text(let text): result.unicodeScalars.append(contentsOf: text)
            case .unsupported(let text): result += text
            case .placeholder(.query): result += quoted(query)
            case .placeholder(.line(let marks, let ranges, let keepsSpace)):
                let lines = marks && !marked.isEmpty ? marked : [line]
                result += lines.map { line in
                    quoted(ranges.map { fields(of: line, $0, delimiter: delimiter, keepsSpace: keepsSpace) } ?? line)
                }.joined(separator: " ")
            }
        }
        return result
    }

    /// A piece of a command: text, or a placeholder that catalog fills or doesn't.
    enum Piece {
        case text(Substring.UnicodeScalarView)
        case placeholder(Placeholder)
        /// As written, braces and all.
        case unsupported(String)
    }

    /// A command cut into text and placeholders, in order. A `{` that starts no placeholder is text, and what
    /// follows it is read again (`{{}}` is `{`, `{}` and `}`).
    static func pieces(of command: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = command.unicodeScalars[...]
        while let open = rest.firstIndex(of: "{") {
            let inside = rest[rest.index(after: open)...]
            guard let close = inside.firstIndex(of: "}"),
                let read = placeholder(String(String.UnicodeScalarView(inside[..<close]))[...])
            else {
                pieces.append(.text(rest[...open]))
                rest = inside
                continue
            }
            if open > rest.startIndex { pieces.append(.text(rest[..<open])) }
            switch read {
            case .success(let placeholder): pieces.append(.placeholder(placeholder))
            case .failure: pieces.append(.unsupported(String(String.UnicodeScalarView(rest[open...close]))))
            }
            rest = inside[inside.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(rest)) }
        return pieces
    }

    /// Whether text is one placeholder of the highlighted line or its fields (`{}`, `{2}`, `{-1}`), as
    /// `--preview-window +{2}` takes one.
    package static func isLinePlaceholder(_ text: String) -> Bool {
        guard text.hasPrefix("{"), text.hasSuffix("}"), text.count >= 2,
            case .success(.line(marked: false, _, _))? = placeholder(text.dropFirst().dropLast())
        else { return false }
        return true
    }

    /// A number a placeholder names in a line, as fzf's `--preview-window +{2}` reads one: the field's text (or the
    /// line's, for `{}`), or the digits themselves; `nil` when it is no whole number.
    static func number(_ text: String, line: String, delimiter: FieldDelimiter) -> Int? {
        if let number = Int(text) { return number }
        guard text.hasPrefix("{"), text.hasSuffix("}"),
            case .success(.line(marked: false, let ranges, _))? = placeholder(text.dropFirst().dropLast())
        else { return nil }
        let value = ranges.map { fields(of: line, $0, delimiter: delimiter) } ?? line
        return Int(value.trimmingCharacters(in: .whitespaces))
    }

    /// Text as one shell word: in single quotes, each quote in it written `'\''`. Scalars, not characters: a quote
    /// followed by a combining mark is one `Character` that is not equal to "'", yet the shell still sees its byte.
    private static func quoted(_ text: String) -> String {
        var quoted = "'"
        for scalar in text.unicodeScalars {
            if scalar == "'" { quoted += #"'\''"# } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }

    /// The fields of a line that ranges name, as ``expand(_:line:query:marked:delimiter:)`` puts them in.
    static func fields(
        of line: String, _ ranges: [FieldRange], delimiter: FieldDelimiter, keepsSpace: Bool = false
    ) -> String {
        let bytes = Array(line.utf8)
        let fields = Self.fields(bytes, delimiter)
        var chosen: [UInt8] = []
        for range in ranges {
            for field in fields[range.indices(of: fields.count)] { chosen += bytes[field] }
        }
        if case .text(let text) = delimiter, chosen.count >= text.utf8.count,
            chosen.suffix(text.utf8.count)
                .elementsEqual(text.utf8)
        {
            chosen.removeLast(text.utf8.count)
        }
        if !keepsSpace {
            let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
            let end = chosen.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? 0
            let start = chosen.firstIndex { !isSpace($0) } ?? end
            chosen = Array(chosen[start..<end])
        }
        return String(decoding: chosen, as: UTF8.self)
    }

    /// Where a line's fields lie (``FieldDelimiter``), as byte offsets into it.
    package static func fields(_ bytes: [UInt8], _ delimiter: FieldDelimiter) -> [Range<Int>] {
        var fields: [Range<Int>] = []
        switch delimiter {
        case .whitespace:
            let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
            var index = bytes.firstIndex { !isBlank($0) } ?? bytes.count
            while index < bytes.count {
                let start = index
                while index < bytes.count && !isBlank(bytes[index]) { index += 1 }
                while index < bytes.count && isBlank(bytes[index]) { index += 1 }
                fields.append(start..<index)
            }
        case .text(let text):
            let separator = Array(text.utf8)
            var start = 0
            var index = 0
            while !separator.isEmpty && index + separator.count <= bytes.count {
                if bytes[index..<(index + separator.count)].elementsEqual(separator) {
                    index += separator.count
                    fields.append(start..<index)
                    start = index
                } else {
                    index += 1
                }
            }
            fields.append(start..<bytes.count)
        }
        return fields
    }

    /// The first of fzf's placeholders in a command that ``expand(_:line:query:marked:delimiter:)`` leaves as it
    /// is: its line number (`{n}`), its forms that name a temporary file or ask for no quotes (`{+f}`, `{r}`), and a
    /// field numbered 0 or not written as fzf writes one (`{0}`, `{1..2..3}`). A command holding one would run with
    /// the placeholder as literal text, so it is refused before anything runs. Text in braces that fzf doesn't read
    /// as a placeholder (`awk '{print $1}'`) is no placeholder.
    ///
    /// - Returns: The placeholder as written, or `nil` when catalog fills every one.
    public static func unsupportedPlaceholder(in command: String) -> String? {
        for case .unsupported(let text) in pieces(of: command) { return text }
        return nil
    }

    /// What refusing a placeholder says, for a command given where `place` names.
    public static func placeholderProblem(_ placeholder: String, in place: String) -> String {
        "\(place) holds \(placeholder), a placeholder of fzf's that catalog doesn't fill (no line numbers, "
            + "temporary files or unquoted forms, and fields count from 1); use {} for the line, {q} for the query, "
            + "{+} for the marked lines, or fields such as {1}, {-1} or {2..}."
    }

    /// Whether a command's output depends on the query: it holds `{q}`, so it runs again as the query changes.
    public static func usesQuery(_ command: String) -> Bool { command.contains("{q}") }

    /// Whether a command names the highlighted entry: it holds `{}` or a field of it (`{1}`), so it has nothing to
    /// run with while none is highlighted.
    public static func namesLine(_ command: String) -> Bool {
        placeholders(in: command).contains { if case .line(marked: false, _, _) = $0 { true } else { false } }
    }

    /// The placeholders catalog fills in a command, in order.
    static func placeholders(in command: String) -> [Placeholder] {
        pieces(of: command).compactMap { if case .placeholder(let placeholder) = $0 { placeholder } else { nil } }
    }

    /// Whether a command's output depends on the marks: it holds `{+}` or `{+1}`, so it runs again as they change.
    public static func usesMarks(_ command: String) -> Bool {
        placeholders(in: command).contains { if case .line(marked: true, _, _) = $0 { true } else { false } }
    }
}
