/// Sums up a list of names in one line: "A, B and C", or "A, B and 3 more" when it must fit a width.
public enum ListSummary {
    /// The words a language joins lists with.
    public struct Words: Sendable {
        /// Between the last two items: " and ".
        public var and: String
        /// The count of items left out: "3 more".
        public var more: @Sendable (Int) -> String
    }

    /// The languages with their own words; any other falls back to English.
    public static let languages: [String: Words] = [
        "en": Words(and: " and ", more: { "\($0) more" }),
        "de": Words(and: " und ", more: { "\($0) weitere" }),
        "ru": Words(and: " и ", more: { "ещё \($0)" }),
        "fr": Words(and: " et ", more: { "\($0) autres" }),
        "es": Words(and: " y ", more: { "\($0) más" }),
        "ko": Words(and: " 및 ", more: { "외 \($0)개" }),
    ]

    /// The words for a language code such as "de" or "de_AT".
    public static func words(for language: String) -> Words {
        let code = String(language.prefix { $0.isLetter }).lowercased()
        return languages[code] ?? languages["en"] ?? Words(and: " and ", more: { "\($0) more" })
    }

    /// Sums up a list.
    ///
    /// - Parameters:
    ///   - items: The names, in order.
    ///   - language: A language code; English when unknown.
    ///   - width: The most terminal columns the summary may take, or `nil` for no limit. When the whole list does
    ///     not fit, as many names as fit are kept and the rest counted ("A, B and 3 more"); if not even one name
    ///     fits, the summary is truncated with "…".
    /// - Returns: The summary; empty for no items.
    /// - Complexity: O(n²) in the number of items when a width is given, O(n) otherwise.
    public static func summarize(_ items: [String], language: String = "en", width: Int? = nil) -> String {
        let words = words(for: language)
        let whole = join(items, words)
        guard let width, DisplayWidth.of(whole) > width else { return whole }
        for kept in stride(from: items.count - 1, through: 1, by: -1) {
            let shortened = items[..<kept].joined(separator: ", ") + words.and + words.more(items.count - kept)
            if DisplayWidth.of(shortened) <= width { return shortened }
        }
        return DisplayWidth.truncate(whole, to: width)
    }

    private static func join(_ items: [String], _ words: Words) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + words.and + items[items.count - 1]
        }
    }
}
