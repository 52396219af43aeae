import Foundation

/// Sums up a list of names in one line in a locale's words: "A, B, and C", "A, B und C", "A、B、C", or "A, B, and
/// 3 more" when it must fit a width.
///
/// The list is joined by Foundation's list format for the locale (CLDR data, so every locale has its own). Only
/// "N more" comes from a small table of this type's own, ``moreByLanguage``, with English for any language it
/// lacks.
public enum ListSummary {
    /// "N more", by language code, and by language and script where the script changes the words ("zh-Hant").
    public static let moreByLanguage: [String: @Sendable (Int) -> String] = [
        "en": { "\($0) more" },
        "de": { "\($0) weitere" },
        "ru": { "ещё \($0)" },
        "fr": { "\($0) autres" },
        "es": { "\($0) más" },
        "ko": { "그 외 \($0)개" },
        "ja": { "他\($0)件" },
        "zh": { "其他\($0)项" },
        "zh-Hant": { "其他\($0)項" },
    ]

    /// The locale used for a locale without a language, such as the root locale.
    static let english = Locale(identifier: "en")

    /// "N more" in a locale's language, or in English when ``moreByLanguage`` lacks it.
    ///
    /// - Parameters:
    ///   - count: The number of items left out.
    ///   - locale: The locale.
    /// - Returns: "3 more", "3 weitere", "他3件"…
    public static func more(_ count: Int, locale: Locale) -> String {
        let language = locale.language
        let code = language.languageCode?.identifier ?? "en"
        let scripted = language.script.map { "\(code)-\($0.identifier)" }
        let words = scripted.flatMap { moreByLanguage[$0] } ?? moreByLanguage[code] ?? { "\($0) more" }
        return words(count)
    }

    /// Sums up a list.
    ///
    /// - Parameters:
    ///   - items: The names, in order.
    ///   - locale: The locale whose words join them; one without a language counts as English.
    ///   - width: The most terminal columns the summary may take, or `nil` for no limit. When the whole list does
    ///     not fit, as many names as fit are kept and the rest counted ("A, B, and 3 more"); if not even one name
    ///     fits, the first is cut with "…" beside the count ("Lea… and 4 more", then "Learn J… +4"), and only where
    ///     not a letter of it would show is the whole summary truncated with "…". Widths are display widths: a Korean or Chinese character
    ///     takes two columns.
    /// - Returns: The summary; empty for no items.
    /// - Complexity: O(n) list formats of up to n items when the list must be shortened, but only for the first
    ///   items whose own width fits: O(n + w²) for a width of w columns and items one column wide or more.
    public static func summarize(_ items: [String], locale: Locale, width: Int? = nil) -> String {
        let locale = locale.language.languageCode == nil ? english : locale
        let style = ListFormatStyle<StringStyle, [String]>.list(type: .and).locale(locale)
        let whole = items.formatted(style)
        guard let width, DisplayWidth.of(whole) > width else { return whole }
        // A summary keeping `kept` items is at least as wide as those items, so only the first few are tried.
        var fitting = 0
        var columns = 0
        while fitting < items.count - 1 {
            columns += DisplayWidth.of(items[fitting])
            guard columns <= width else { break }
            fitting += 1
        }
        for kept in stride(from: fitting, through: 1, by: -1) {
            let shortened = Array(items[..<kept] + [more(items.count - kept, locale: locale)]).formatted(style)
            if DisplayWidth.of(shortened) <= width { return shortened }
        }
        // Not even the first name fits beside the count: the name is cut instead, so the count still says how many
        // there are ("Learn Jap… and 4 more"), as long as a letter of it shows.
        if items.count > 1 {
            let rest = more(items.count - 1, locale: locale)
            let room = width - DisplayWidth.of(["", rest].formatted(style))
            if room >= 2 {
                let cut = [DisplayWidth.truncate(items[0], to: room), rest].formatted(style)
                if DisplayWidth.of(cut) <= width { return cut }
            }
            // Narrower still: the count as "+4", which reads the same in every language.
            let plus = " +\(items.count - 1)"
            if width - DisplayWidth.of(plus) >= 2 {
                return DisplayWidth.truncate(items[0], to: width - DisplayWidth.of(plus)) + plus
            }
        }
        return DisplayWidth.truncate(whole, to: width)
    }

    /// Sums up a list in the words of a language.
    ///
    /// - Parameters:
    ///   - items: The names, in order.
    ///   - language: A locale identifier such as "de", "de_AT" or "de_DE.UTF-8"; English when it names no language.
    ///   - width: The most terminal columns, as in ``summarize(_:locale:width:)``.
    /// - Returns: The summary; empty for no items.
    /// - Complexity: As ``summarize(_:locale:width:)``.
    public static func summarize(_ items: [String], language: String = "en", width: Int? = nil) -> String {
        summarize(items, locale: Locale(identifier: language), width: width)
    }
}
