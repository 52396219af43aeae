import Foundation

/// A screen's words in every language it speaks: one table per language, each mapping a stable key to the text.
///
/// Keys are an enumeration, so a lookup names a key the compiler knows, and ``problems(languages:)`` (which a test
/// calls) finds every key a language lacks, so a missing translation fails a test instead of showing English in a
/// German screen. A screen reads its language from its context:
///
/// ```swift
/// enum Words: CaseIterable, Sendable { case save, saved }
/// let words = StringTable<Words>([
///     "en": [.save: "save", .saved: "Saved {count} {count|file|files}."],
///     "de": [.save: "Speichern", .saved: "{count} {count|Datei|Dateien} gespeichert."],
/// ])
/// words.text(.saved, in: context.locale, ["count": 3])  // "3 Dateien gespeichert." under --locale de
/// ```
///
/// A text holds its arguments where the language puts them, so word order is the translation's:
/// - `{name}` is the argument `name`: a number is written with the locale's digits and separators (1,234 in
///   English, 1.234 in German), anything else as its description.
/// - `{name|form|form…}` is the plural form that the number `name` takes, one form per plural category of the
///   language, in the order one, few, many, other as the language has them: two forms in English
///   and German (`{n|Datei|Dateien}`), three in Russian (`{n|файл|файла|файлов}`: 1 файл, 2 файла, 5 файлов), one
///   in Korean and Japanese, which don't inflect. Foundation's grammar agreement (`inflect: true`) isn't available
///   on Linux, so the categories come from a small rule of this library's own, CLDR's for whole numbers: one and
///   other for English, German and most languages (French counts 0 as one); one, few and many for Russian,
///   Ukrainian, Belarusian and Polish; a single form for Chinese, Japanese, Korean, Vietnamese and Thai.
///
/// `{` and `}` only ever start and end an argument. A locale is matched by its language (`de_DE` and `de-AT` read
/// the `de` table); a language without a table reads the English one (`en`), and a key missing from a table reads
/// English too, never another language.
public struct StringTable<Key: Hashable & CaseIterable & Sendable>: Sendable {
    /// The texts by language code ("en", "de"), then by key.
    package let tables: [String: [Key: String]]

    /// Creates a table.
    ///
    /// - Parameter tables: The texts by language code, then by key; `en` is the one every other language falls
    ///   back to.
    public init(_ tables: [String: [Key: String]]) {
        self.tables = tables
    }

    /// A text in a locale's language, its arguments in place.
    ///
    /// - Parameters:
    ///   - key: Which text.
    ///   - locale: The screen's locale (`context.locale`); its language chooses the table.
    ///   - arguments: The values the text's `{name}` placeholders name; a placeholder without a value is left as
    ///     written, so it shows instead of vanishing.
    /// - Returns: The text, in English when the language has no table or the table lacks the key.
    public func text(_ key: Key, in locale: Locale, _ arguments: [String: any Sendable] = [:]) -> String {
        if let template = tables[LanguageCode.of(locale)]?[key] {
            return Template(template).render(arguments, locale: locale)
        }
        guard let english = tables["en"]?[key] else { return "\(key)" }
        return Template(english).render(arguments, locale: Locale(identifier: "en"))
    }

    /// What is wrong with the tables: a key a language lacks, a text whose arguments differ from English's, a
    /// plural choice with the wrong number of forms for its language, or a brace left open. A test of a screen's
    /// table expects none.
    ///
    /// - Parameter languages: The languages every key must have; by default the launcher's five.
    /// - Returns: One sentence per problem, naming the language and the key; empty when all is well.
    /// - Complexity: O(k × l) for k keys and l languages, times the length of a text.
    public func problems(languages: [String] = ["en", "de", "ru", "ko", "ja"]) -> [String] {
        var problems: [String] = []
        let english = tables["en"] ?? [:]
        for language in Set(languages).union(tables.keys).sorted() {
            let table = tables[language] ?? [:]
            for key in Key.allCases {
                guard let text = table[key] else {
                    if languages.contains(language) { problems.append("\(language): no text for \(key).") }
                    continue
                }
                let template = Template(text)
                if let error = template.error {
                    problems.append("\(language): \(key): \(error)")
                    continue
                }
                if let source = english[key], Template(source).names != template.names {
                    let wanted = Template(source).names.sorted().joined(separator: ", ")
                    let found = template.names.sorted().joined(separator: ", ")
                    problems.append("\(language): \(key) has arguments [\(found)] but English has [\(wanted)].")
                }
                let categories = PluralRule(language: language).categories.count
                for forms in template.pluralForms where forms != categories {
                    problems.append(
                        "\(language): \(key) gives \(forms) plural forms where \(language) has \(categories).")
                }
            }
        }
        return problems
    }

    /// The table a locale reads: its language code when there is a table for it, English otherwise.
    ///
    /// - Parameter locale: The locale: `de_DE`, `de-AT` and `de` all read `de`.
    /// - Returns: The language code.
    func language(of locale: Locale) -> String {
        let code = LanguageCode.of(locale)
        return tables[code] == nil ? "en" : code
    }
}

/// A language's plural categories for whole numbers, and which one a number takes: the rule `{n|form|form…}` in a
/// ``StringTable`` text chooses its form by.
///
/// Foundation's automatic grammar agreement (`inflect: true`) is not available on Linux, so this is a small rule of
/// its own, from CLDR's rules for integers: English, German and most European languages have one (1) and other;
/// French has one (0 and 1) and other; Russian, Ukrainian and Belarusian have one (1, 21, 31…, not 11), few (2–4,
/// 22–24…, not 12–14) and many (the rest); Polish has one (1 alone), few and many; Chinese, Japanese, Korean,
/// Vietnamese and Thai have a single form. A language not listed counts as English.
package struct PluralRule: Sendable, Hashable {
    /// A plural category, in the order a text lists its forms.
    package enum Category: Sendable, Hashable {
        case one, few, many, other
    }

    /// The language's categories for whole numbers, in the order a text lists its forms.
    package let categories: [Category]
    private let language: String

    /// The rule of a language.
    ///
    /// - Parameter language: A language code, such as "ru".
    package init(language: String) {
        self.language = language
        switch language {
        case "ru", "uk", "be", "pl": categories = [.one, .few, .many]
        case "ja", "ko", "zh", "vi", "th", "id", "ms": categories = [.other]
        default: categories = [.one, .other]
        }
    }

    /// The category of a whole number; a negative number takes the category of its size.
    ///
    /// - Parameter number: The number.
    /// - Returns: One of ``categories``.
    package func category(of number: Int) -> Category {
        let n = number.magnitude
        switch language {
        case "ru", "uk", "be":
            if n % 10 == 1 && n % 100 != 11 { return .one }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
            return .many
        case "pl":
            if n == 1 { return .one }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
            return .many
        case "ja", "ko", "zh", "vi", "th", "id", "ms":
            return .other
        case "fr":
            return n <= 1 ? .one : .other
        default:
            return n == 1 ? .one : .other
        }
    }
}

/// One text of a ``StringTable``, read into literal text and arguments.
struct Template {
    /// A part of the text.
    enum Part {
        case text(String)
        case argument(String)
        case plural(String, [String])
    }

    var parts: [Part] = []
    /// Why the text can't be read, if it can't: a brace left open or closed without opening.
    var error: String?

    init(_ text: String) {
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "}" {
                error = "a “}” closes no argument."
                break
            }
            guard character == "{" else {
                literal.append(character)
                index = text.index(after: index)
                continue
            }
            guard let close = text[index...].firstIndex(of: "}") else {
                error = "a “{” is never closed."
                break
            }
            if !literal.isEmpty { parts.append(.text(literal)) }
            literal = ""
            let inside = text[text.index(after: index)..<close].split(separator: "|", omittingEmptySubsequences: false)
            let name = String(inside[0]).trimmingCharacters(in: .whitespaces)
            parts.append(inside.count == 1 ? .argument(name) : .plural(name, inside.dropFirst().map(String.init)))
            index = text.index(after: close)
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
    }

    /// The argument names the text uses.
    var names: Set<String> {
        Set(
            parts.compactMap {
                switch $0 {
                case .text: nil
                case .argument(let name), .plural(let name, _): name
                }
            })
    }

    /// How many forms each plural choice gives.
    var pluralForms: [Int] {
        parts.compactMap {
            if case .plural(_, let forms) = $0 { return forms.count }
            return nil
        }
    }

    /// The text with its arguments in place.
    func render(_ arguments: [String: any Sendable], locale: Locale) -> String {
        let rule = PluralRule(language: LanguageCode.of(locale))
        var result = ""
        for part in parts {
            switch part {
            case .text(let text): result += text
            case .argument(let name):
                guard let value = arguments[name] else {
                    result += "{\(name)}"
                    continue
                }
                result += Self.format(value, locale: locale)
            case .plural(let name, let forms):
                let number = arguments[name].flatMap { $0 as? Int } ?? 0
                let index = rule.categories.firstIndex(of: rule.category(of: number)) ?? 0
                result += forms.indices.contains(index) ? forms[index] : forms.last ?? ""
            }
        }
        return result
    }

    /// A value as the locale writes it.
    static func format(_ value: any Sendable, locale: Locale) -> String {
        switch value {
        case let number as Int: number.formatted(.number.locale(locale))
        case let number as Double: number.formatted(.number.locale(locale))
        case let text as String: text
        default: "\(value)"
        }
    }
}

/// The language a locale names, as the tables are keyed.
enum LanguageCode {
    /// A locale's language code: `de` for `de_DE`, `de-AT` and `de`; `en` for a locale without one.
    static func of(_ locale: Locale) -> String {
        if let code = locale.language.languageCode?.identifier, !code.isEmpty { return code }
        let identifier = locale.identifier.prefix { $0 != "_" && $0 != "-" && $0 != "." }
        return identifier.isEmpty ? "en" : identifier.lowercased()
    }
}
