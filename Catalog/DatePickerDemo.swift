import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let datePicker = demo(
        "Date Picker", in: ["Pickers"], keywords: ["date", "calendar", "day", "month", "year"],
        summary: "Pick a day with year, month and day fields that stay valid",
        scenarios: [
            Scenario("leap day clamped in 2025", .press(.left, times: 2), .press(.up)),
            Scenario("next day is 1 March", .press("+")),
            Scenario("next day in German", locale: "de_DE", .press("+")),
        ]
    ) { DatePickerDemo() }
}

/// A date picker: ←/→ choose the field, ↑/↓ change it, and the day is clamped to the month's length.
struct DatePickerDemo: LocalizedDemo {
    /// A calendar date in the proleptic Gregorian calendar.
    struct Day: Equatable, Comparable {
        var year: Int
        var month: Int
        var day: Int

        static func < (a: Day, b: Day) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

        static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

        static func length(ofMonth month: Int, in year: Int) -> Int {
            switch month {
            case 2: return isLeap(year) ? 29 : 28
            case 4, 6, 9, 11: return 30
            default: return 31
            }
        }

        /// The first and last days the picker shows.
        static let first = Day(year: 1, month: 1, day: 1)
        static let last = Day(year: 9999, month: 12, day: 31)

        /// What a typed line is as a date.
        enum Reading: Equatable {
            /// A day between ``first`` and ``last``.
            case day(Day)
            /// Three numbers joined by `-` that name no day, as `2023-02-29` or `2024-13-01`.
            case noSuchDay
            /// A year outside 1 to 9999.
            case outOfRange
            /// Not three numbers joined by `-`.
            case notADate
        }

        /// Reads `yyyy-mm-dd`: digits only, so `-1-01-01` and `+2024-01-01` are no dates.
        static func read(_ text: String) -> Reading {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
            else { return .notADate }
            guard let y = Int(parts[0]), (1...9999).contains(y) else { return .outOfRange }
            guard let m = Int(parts[1]), (1...12).contains(m), let d = Int(parts[2]),
                (1...Day.length(ofMonth: m, in: y)).contains(d)
            else { return .noSuchDay }
            return .day(Day(year: y, month: m, day: d))
        }

        /// Parses `yyyy-mm-dd`.
        init?(_ text: String) {
            guard case .day(let day) = Day.read(text) else { return nil }
            self = day
        }

        init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// `yyyy-mm-dd`, the year in four digits as the field asks for it: `0001-01-01`.
        var text: String {
            func padded(_ n: Int, _ digits: Int) -> String {
                String(repeating: "0", count: max(digits - String(n).count, 0)) + String(n)
            }
            return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
        }
    }

    /// The day as a locale writes it in full, its weekday and month names from Foundation's data for the locale:
    /// "Thursday, February 29, 2024", "Donnerstag, 29. Februar 2024", "2024年2月29日木曜日".
    ///
    /// - Parameters:
    ///   - day: The day.
    ///   - locale: The locale.
    /// - Returns: The day's long form.
    static func longForm(of day: Day, in locale: Locale) -> String { format(day, "EEEEdMMMMy", in: locale) }

    /// The day's weekday in a locale's language: "Thursday", "Donnerstag", "木曜日".
    static func weekday(of day: Day, in locale: Locale) -> String { format(day, "EEEE", in: locale) }

    /// A day written by DateFormatter from a template, in the proleptic Gregorian calendar, in a locale.
    ///
    /// Foundation's Gregorian calendar counts days before 15 October 1582 as Julian, so 1582-10-14 would come out
    /// as a Sunday ten days on. The picker's days are proleptic Gregorian, so a day before 1600 is formatted 400
    /// years (or a multiple) later, where the calendar is Gregorian and the weekday the same (400 Gregorian years
    /// are 20,871 weeks), and the year is written back.
    static func format(_ day: Day, _ template: String, in locale: Locale) -> String {
        let shift = day.year < 1600 ? (1600 - day.year + 399) / 400 * 400 : 0
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let components = DateComponents(year: day.year + shift, month: day.month, day: day.day)
        guard let date = calendar.date(from: components) else { return day.text }
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = locale
        formatter.setLocalizedDateFormatFromTemplate(template)
        let text = formatter.string(from: date)
        return shift == 0 ? text : text.replacingOccurrences(of: String(day.year + shift), with: String(day.year))
    }

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case previousField, nextField, increase, decrease, nextDay, previousDay, setDate
    }

    /// The keys and line commands; `+` and `-` step a day as keys and as line commands alike.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.left], .previousField, label: "←→", help: words(.field)),
            KeyBinding([.right, .tab], .nextField, help: words(.nextField), footer: false),
            KeyBinding([.up], .increase, label: "↑↓", help: words(.change)),
            KeyBinding([.down], .decrease, help: words(.changeDown), footer: false),
            KeyBinding([.character("+")], .nextDay, help: words(.nextDay), line: "+"),
            KeyBinding([.character("-")], .previousDay, help: words(.previousDay), line: "-"),
            KeyBinding([], .setDate, help: words(.setDate), footer: false, line: "<yyyy-mm-dd>"),
        ])
    }
    /// The keys in English, for matching line commands, whose words are the same in every language.
    static let keymap = keymap(in: Locale(identifier: "en"))
    var locale = Locale(identifier: "en")

    private(set) var date: Day
    /// The field under the cursor: 0 year, 1 month, 2 day.
    private(set) var field = 2

    init(date: Day = Day(year: 2024, month: 2, day: 29)) { self.date = date }

    var title: String { "Date Picker" }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .previousField: field = max(field - 1, 0)
        case .nextField: field = min(field + 1, 2)
        case .increase: change(by: 1)
        case .decrease: change(by: -1)
        case .nextDay, .previousDay:
            // + and - stop at the first and last days, as the year field does, with the bell and the range.
            guard command == .nextDay ? date < Day.last : Day.first < date else { return refusal(.dateRange) }
            step(days: command == .nextDay ? 1 : -1)
        case .setDate:
            guard case .line(let text) = input else { return .none }
            switch Day.read(text) {
            case .day(let day): date = day
            case .noSuchDay: return refusal(.noSuchDate, text)
            case .outOfRange: return refusal(.dateOutOfRange, text)
            case .notADate: return .unknownCommand(text, in: Self.keymap(in: locale), locale: locale)
            }
        }
        return .none
    }

    /// The bell and a message: `{low}` and `{high}` the first and last days, `{text}` what was typed.
    private func refusal(_ key: DemoWords, _ text: String = "") -> Action {
        let arguments = ["low": Day.first.text, "high": Day.last.text, "text": text]
        return .batch([.bell, .status(DemoWords.text(key, in: locale, arguments))])
    }

    /// A line is a date unless it names another command, so `2024-12-31` sets the date.
    mutating func handle(line: String, in context: ScreenContext) throws -> Action {
        let match = Self.keymap.command(forLine: line) ?? (.setDate, line.trimmingCharacters(in: .whitespaces))
        return perform(match.command, .line(match.argument))
    }

    /// Changes the field under the cursor, wrapping months and days and clamping the day to the month.
    mutating func change(by delta: Int) {
        switch field {
        case 0: date.year = min(max(date.year + delta, 1), 9999)
        case 1: date.month = (date.month - 1 + delta + 12) % 12 + 1
        default:
            let length = Day.length(ofMonth: date.month, in: date.year)
            date.day = (date.day - 1 + delta + length) % length + 1
        }
        date.day = min(date.day, Day.length(ofMonth: date.month, in: date.year))
    }

    /// Moves to the next or previous day, across months and years.
    mutating func step(days delta: Int) {
        date.day += delta
        if date.day < 1 {
            date.month -= 1
            if date.month < 1 { (date.month, date.year) = (12, max(date.year - 1, 1)) }
            date.day = Day.length(ofMonth: date.month, in: date.year)
        } else if date.day > Day.length(ofMonth: date.month, in: date.year) {
            date.month += 1
            if date.month > 12 { (date.month, date.year) = (1, min(date.year + 1, 9999)) }
            date.day = 1
        }
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        let parts = [
            date.text.prefix(4).description, date.text.split(separator: "-")[1].description,
            date.text.suffix(2).description,
        ]
        let label = DemoWords.text(.date, in: context) + "  "
        var spans: [Span] = [Span(label)]
        for (index, part) in parts.enumerated() {
            if index > 0 { spans.append(Span("-")) }
            spans.append(Span(part, index == field ? .reverse : .plain))
        }
        let lines = [
            Line(spans),
            Line(
                String(repeating: " ", count: DisplayWidth.of(label)) + Self.longForm(of: date, in: context.locale),
                .dim), "", footer(in: context),
        ]
        return Frame(lines: lines).clipped(to: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        let label = DemoWords.text(.date, in: context)
        return fitted(["\(label): \(date.text) (\(Self.weekday(of: date, in: context.locale)))"], width: width)
    }
}
