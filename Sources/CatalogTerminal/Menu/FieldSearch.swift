import CatalogKit

/// fzf's `--nth`: the fields of each line that the filter searches, the line still shown and printed whole.
///
/// Each range (`2..` and `..` in `-n2..,..`, as fzf's Ctrl-R widgets pass it) is one part of the line, its fields
/// joined as the line has them; a query's term is found in any part, as fzf tries them in turn, so `2..,..` finds a
/// command by its text and, failing that, by its number too. Lines divide into fields as the placeholders `{1}` and
/// `{2..}` divide them (``ShellCommand/FieldDelimiter``), with the same field index expressions
/// (``ShellCommand/FieldRange``).
package struct FieldSearch: Sendable, Hashable {
    /// The field index expressions, in the order given.
    package var ranges: [ShellCommand.FieldRange]
    /// How a line divides into fields: fzf's awk-style default, or `--delimiter`.
    package var delimiter: ShellCommand.FieldDelimiter

    /// A search of the fields that `ranges` name, divided at `delimiter`.
    package init(ranges: [ShellCommand.FieldRange], delimiter: ShellCommand.FieldDelimiter = .whitespace) {
        self.ranges = ranges
        self.delimiter = delimiter
    }

    /// Reads `--nth`'s value (`1`, `2..`, `-1`, `2..,..`); `nil` when it is no list of fzf's field index
    /// expressions.
    package init?(_ text: String, delimiter: ShellCommand.FieldDelimiter = .whitespace) {
        guard let ranges = ShellCommand.FieldRange.list(text), !ranges.isEmpty else { return nil }
        self.init(ranges: ranges, delimiter: delimiter)
    }

    /// Where each range's fields lie in a line, as byte offsets, in the order of ``ranges``; an empty range where
    /// the line has none of them. A range's fields are consecutive, so they lie in one piece of the line.
    package func parts(of line: some Collection<UInt8>) -> [Range<Int>] {
        let bytes = Array(line)
        let fields = ShellCommand.fields(bytes, delimiter)
        return ranges.map { range in
            let chosen = fields[range.indices(of: fields.count)]
            guard let first = chosen.first, let last = chosen.last else { return 0..<0 }
            return first.lowerBound..<last.upperBound
        }
    }

    /// The parts of a line that the filter searches (``parts(of:)``), as text.
    package func searchedText(of line: String) -> [String] {
        let bytes = Array(line.utf8)
        return parts(of: bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// An index of every record's searched parts, in place of its line: its first part as the record's text, the
    /// others after it as keywords, each searched on its own. Records keep their numbers and `order`, so hits name
    /// the catalog's records, listed as its own index lists them.
    ///
    /// - Parameters:
    ///   - count: The number of records.
    ///   - order: The records in search order, as the catalog's index has them.
    ///   - line: A record's line, as read.
    /// - Complexity: O(B) for B bytes of lines.
    package func index(count: Int, order: [UInt32], line: (UInt32) -> String) -> SearchIndex {
        var builder = SearchIndex.Builder(expectedRecords: count)
        for record in 0..<UInt32(count) {
            let parts = searchedText(of: line(record))
            let text = parts.first ?? ""
            builder.append(path: text, titleStart: text.startIndex, keywords: Array(parts.dropFirst()))
        }
        return builder.build(order: order)
    }

    /// The characters of a shown line that a query matched, within the searched parts only: those of the first
    /// part that holds a match, as fzf marks what it found there.
    ///
    /// - Returns: Character offsets into `text`, ascending and merged (``Highlight/characters(in:matching:)``).
    package func highlights(in text: String, matching query: Query) -> [Range<Int>] {
        let bytes = Array(text.utf8)
        for part in parts(of: bytes) where !part.isEmpty {
            let before = String(decoding: bytes[..<part.lowerBound], as: UTF8.self).count
            let marks = Highlight.characters(in: String(decoding: bytes[part], as: UTF8.self), matching: query)
            if !marks.isEmpty { return marks.map { ($0.lowerBound + before)..<($0.upperBound + before) } }
        }
        return []
    }
}

/// The order a filter lists its hits in, which fzf's `toggle-sort` switches live.
package enum HitOrder: Sendable, Hashable {
    /// Best first, as fzf sorts them: by how well the query fits, then as the list orders them.
    case bestFirst
    /// In the list's own order (as read, for a picker's `--flat` lines), as fzf's `--no-sort`.
    case asListed

    /// The other order.
    var toggled: HitOrder { self == .bestFirst ? .asListed : .bestFirst }
}
