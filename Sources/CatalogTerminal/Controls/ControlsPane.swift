import CatalogKit
import Foundation

/// The controls of an open screen as a list beside it, Storybook's controls panel: each control with its value, the
/// cursor on one, and keys that edit it.
///
/// Keys: ↑/↓ move; Space, Enter, ← or → flip a boolean; ← and → step a number (a decimal by about a hundredth of
/// its range, rounded to 1, 2 or 5 times a power of ten) and cycle a choice; Page Up and Page Down step a number by a tenth of its range; a digit or `-` starts typing a
/// number, and Enter on a text control (or typing into it) starts editing the text, in a ``TextField`` that Enter
/// commits and Escape cancels. A value is only ever one its control takes: a typed number out of range is refused.
package struct ControlsPane: Widget, Sendable {
    /// The values, one for each control.
    package private(set) var values: ControlValues
    /// The row under the cursor.
    package private(set) var cursor = 0
    /// The text being typed for the control under the cursor, if any.
    package private(set) var editing: TextField?
    /// Why the last typed value was refused, shown under the list until the next key.
    package private(set) var problem: String?
    /// The language the pane speaks: the screen's, told with its environment.
    package var locale = Locale(identifier: "en")

    /// A pane over an entry's values.
    package init(values: ControlValues) {
        self.values = values
    }

    private var controls: [Control] { values.controls }

    /// Handles one key.
    ///
    /// - Returns: `.changed(values)` when a value changed, `.handled` for a move or an edit in progress, and
    ///   `.ignored` for keys the pane doesn't use (Escape when nothing is being typed, Tab, the launcher's keys).
    package mutating func handle(_ key: Key) -> WidgetEvent<ControlValues> {
        problem = nil
        if editing != nil { return edit(key) }
        guard !controls.isEmpty else { return .ignored }
        switch key {
        case .up, .down, .home, .end:
            cursor = WidgetLayout.moved(cursor, by: key, count: controls.count) ?? cursor
            return .handled
        default: break
        }
        // The range it takes now: a value at most another control steps and is typed up to that one's value.
        let control = values.bounded(controls[cursor])
        switch (control.kind, key) {
        case (.boolean, .character(" ")), (.boolean, .enter), (.boolean, .left), (.boolean, .right):
            return set(.boolean(!values.boolean(control.name)))
        case (.integer(let range), .left), (.integer(let range), .right),
            (.integer(let range), .pageUp), (.integer(let range), .pageDown):
            return set(.integer(Self.stepped(values.integer(control.name), by: key, in: range)))
        case (.decimal(let range), .left), (.decimal(let range), .right),
            (.decimal(let range), .pageUp), (.decimal(let range), .pageDown):
            let width = range.upperBound - range.lowerBound
            let step = Self.roundStep(key == .pageUp || key == .pageDown ? width / 10 : width / 100)
            let sign: Double = key == .left || key == .pageDown ? -1 : 1
            // Rounded to twelve significant digits: steps of 0.05 from 1 reach 1.15, not 1.1500000000000001.
            let next = Self.rounded(values.decimal(control.name) + sign * step)
            return set(.decimal(min(max(next, range.lowerBound), range.upperBound)))
        case (.choice(let choices), .left), (.choice(let choices), .right):
            guard let index = choices.firstIndex(of: values.choice(control.name)), !choices.isEmpty else {
                return .handled
            }
            let next = (index + (key == .left ? choices.count - 1 : 1)) % choices.count
            return set(.text(choices[next]))
        case (.integer, .character(let typed)) where typed.isNumber || typed == "-",
            (.decimal, .character(let typed))
        where typed.isNumber || typed == "-" || typed == "." || String(typed) == locale.decimalSeparator:
            editing = TextField(String(typed))
            return .handled
        case (.text, .enter):
            editing = TextField(values.text(control.name))
            return .handled
        case (.text, .character(let typed)):
            editing = TextField(values.text(control.name) + String(typed))
            return .handled
        default:
            return .ignored
        }
    }

    /// A key while a value is typed: Enter commits it if its control takes it, Escape cancels.
    private mutating func edit(_ key: Key) -> WidgetEvent<ControlValues> {
        guard var field = editing else { return .ignored }
        let control = values.bounded(controls[cursor])
        switch key {
        case .escape:
            editing = nil
            return .handled
        case .enter:
            guard let value = control.parse(Self.unlocalized(field.text, of: control, in: locale)),
                values.set(control.name, to: value)
            else {
                // The field stays open with what was typed, to be put right or cancelled with Escape.
                problem = LauncherWords.text(
                    .controlTakes, in: locale, ["name": control.name, "accepts": Self.accepts(control, in: locale)])
                return .handled
            }
            editing = nil
            return .changed(values)
        default:
            let used = field.handle(key).wasHandled
            editing = field
            return used ? .handled : .ignored
        }
    }

    private mutating func set(_ value: ControlValue) -> WidgetEvent<ControlValues> {
        values.set(controls[cursor].name, to: value) ? .changed(values) : .handled
    }

    /// The list: a title, then each control's name and value, the cursor's row highlighted when focused, and the
    /// field being typed in place of its value.
    package func render(in size: Size, focused: Bool, context: ScreenContext) -> [Line] {
        guard size.rows > 0, size.columns > 0 else { return [] }
        let nameWidth = min(controls.map { DisplayWidth.of($0.name) }.max() ?? 0, max(size.columns / 2, 1))
        var lines = [Line(LauncherWords.text(.controls, in: locale), focused ? .focusedLabel : .dim)]
        for (index, control) in controls.enumerated() {
            let here = index == cursor && focused
            let name = DisplayWidth.pad(DisplayWidth.truncate(control.name, to: nameWidth), to: nameWidth)
            let valueWidth = max(size.columns - nameWidth - 2, 0)
            if here, let editing {
                let text =
                    editing.render(
                        in: Size(columns: valueWidth, rows: 1), focused: true, context: context
                    ).first ?? Line()
                lines.append(Line([Span(name + "  ", .focusedLabel)] + text.spans))
            } else {
                let value = Self.shown(values[control.name], of: control, glyphs: context.glyphs, locale: locale)
                let style: Style = here ? .focusedValue : .plain
                // In a pane too narrow for both, the value keeps its room and the name is cut further: a value
                // cut to "‹ …" shows nothing that ←/→ change.
                let room = max(size.columns - DisplayWidth.of(value) - 2, 1)
                let label =
                    room >= nameWidth ? name : DisplayWidth.pad(DisplayWidth.truncate(control.name, to: room), to: room)
                lines.append(Line([Span(label + "  ", here ? .focusedLabel : .plain), Span(value, style)]))
            }
        }
        // Wrapped, so the range at the end of "count takes an integer from 1 to 500" is never cut off.
        if let problem { lines += Chrome.wrap(problem, to: size.columns).map { Line($0, .dim) } }
        return Array(lines.prefix(size.rows)).map { $0.truncated(to: size.columns) }
    }

    /// Where the caret is while a value is typed, in the pane's own cells.
    package func caret(width: Int) -> (row: Int, column: Int)? {
        guard let editing else { return nil }
        let nameWidth = min(controls.map { DisplayWidth.of($0.name) }.max() ?? 0, max(width / 2, 1))
        return (row: 1 + cursor, column: nameWidth + 2 + editing.caretColumn(width: max(width - nameWidth - 2, 0)))
    }

    /// An integer stepped by a key: ←/→ by one, Page Up/Down by a tenth of the range, stopping at its ends. The
    /// range's width is measured without a sign, so `Int.min...Int.max` neither traps nor wraps round.
    static func stepped(_ value: Int, by key: Key, in range: ClosedRange<Int>) -> Int {
        let width = UInt(bitPattern: range.upperBound &- range.lowerBound)
        let step = key == .pageUp || key == .pageDown ? Int(max(width / 10, 1)) : 1
        let up = key == .right || key == .pageUp
        let (next, overflow) = up ? value.addingReportingOverflow(step) : value.subtractingReportingOverflow(step)
        let reached = overflow ? (up ? Int.max : Int.min) : next
        return min(max(reached, range.lowerBound), range.upperBound)
    }

    /// A step of 1, 2 or 5 times a power of ten, the nearest to a wanted one: a hundredth of 0.25…4 steps by 0.05,
    /// not 0.0375, so the values stepped to read as a person would set them.
    static func roundStep(_ wanted: Double) -> Double {
        guard wanted > 0, wanted.isFinite else { return wanted }
        let power = pow(10, floor(log10(wanted)))
        let mantissa = wanted / power
        return (mantissa < 1.5 ? 1 : mantissa < 3.5 ? 2 : mantissa < 7.5 ? 5 : 10) * power
    }

    /// A decimal as the pane writes it in a locale: "0,5" in German, "0.5" in English, digits after the point as
    /// many as it has, and no grouping, so what is shown can be typed back.
    static func decimalText(_ value: Double, in locale: Locale) -> String {
        value.formatted(.number.locale(locale).precision(.fractionLength(0...12)))
    }

    /// Typed text as the control parses it: a number as the locale writes it, made plain (ASCII digits, "." as the
    /// point, no grouping), or the text as typed, which the control then refuses.
    ///
    /// Grouping is read only where it is well formed, so nothing is misread: in German "1.000" is 1000 and
    /// "12.345,5" is 12345.5, while "1.5", whose "5" can't be a group of three, takes the point as the English
    /// habit writes it. In English "1,000" is 1000. Spaces group in Russian, and around a number are ignored.
    static func unlocalized(_ text: String, of control: Control, in locale: Locale) -> String {
        switch control.kind {
        case .integer, .decimal: break
        default: return text
        }
        var number = Substring(text.trimmingCharacters(in: .whitespaces))
        let sign = number.first == "-" || number.first == "+" ? String(number.removeFirst()) : ""
        // Each a character, in any locale (a separator Foundation gives empty falls back, never traps).
        let point = locale.decimalSeparator?.first ?? "."
        let grouping = locale.groupingSeparator?.first ?? ","
        let spaces: Set<Character> = [" ", "\u{A0}", "\u{202F}"]
        let groupings: Set<Character> = spaces.contains(grouping) ? spaces : [grouping]
        let parts = number.split(separator: point, omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return text }
        var whole = parts[0]
        let groups = whole.split(omittingEmptySubsequences: false) { groupings.contains($0) }
        if groups.count > 1 {
            let wellFormed =
                groups.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isWholeNumber } }
                && (1...3).contains(groups[0].count)
                && groups[0].first != "0" && groups.dropFirst().allSatisfy { $0.count == 3 }
            if wellFormed {
                whole = Substring(groups.joined())
            } else if parts.count == 1, groups.count == 2, grouping == "." || grouping == "," {
                // One "." in German (or "," in English) that groups nothing: the other convention's point.
                return sign + groups[0] + "." + groups[1]
            } else {
                return text
            }
        }
        return sign + whole + (parts.count == 2 ? "." + parts[1] : "")
    }

    /// A sum of steps without the binary fraction's noise: the nearest number of twelve significant digits.
    static func rounded(_ value: Double) -> Double {
        guard value != 0, value.isFinite else { return value }
        let scale = pow(10, 11 - floor(log10(abs(value))))
        guard scale.isFinite, scale > 0 else { return value }
        return (value * scale).rounded() / scale
    }

    /// A value as the pane shows it: a switch for a boolean, arrows around a number or a choice.
    static func shown(
        _ value: ControlValue?, of control: Control, glyphs: Glyphs, locale: Locale = Locale(identifier: "en")
    ) -> String {
        var text = value?.description ?? ""
        // Numbers in the locale's digits and grouping, as the screen and the range in an error show them.
        if case .decimal(let number)? = value { text = decimalText(number, in: locale) }
        if case .integer(let number)? = value { text = number.formatted(.number.locale(locale)) }
        switch control.kind {
        case .boolean: return LauncherWords.text(value == .boolean(true) ? .on : .off, in: locale)
        case .integer, .decimal, .choice:
            return glyphs == .ascii ? "< \(text) >" : "‹ \(text) ›"
        case .text: return text.isEmpty ? "\"\"" : text
        }
    }

    /// What a control takes, as a phrase in a locale's language: "an integer from 0 to 100", "bar or dots".
    static func accepts(_ control: Control, in locale: Locale) -> String {
        func words(_ key: LauncherWords, _ arguments: [String: any Sendable] = [:]) -> String {
            LauncherWords.text(key, in: locale, arguments)
        }
        switch control.kind {
        case .boolean: return words(.acceptsBoolean)
        case .integer(let range): return words(.acceptsInteger, ["low": range.lowerBound, "high": range.upperBound])
        case .decimal(let range):
            return words(
                .acceptsDecimal,
                [
                    "low": decimalText(range.lowerBound, in: locale),
                    "high": decimalText(range.upperBound, in: locale),
                ])
        case .choice(let choices):
            return words(.acceptsChoice, ["list": choices.formatted(.list(type: .or).locale(locale))])
        case .text: return words(.acceptsText)
        }
    }
}
