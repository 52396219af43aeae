import CatalogKit
import CatalogTerminal
import Foundation

/// Steps a number one up or down within a range; it can never overflow.
///
/// - Parameters:
///   - value: The number.
///   - up: Whether to step up.
///   - range: Where the number must stay.
/// - Returns: The new number, or `nil` at the end it would leave by.
func stepped(_ value: Int, up: Bool, in range: ClosedRange<Int>) -> Int? {
    if up { return value < range.upperBound ? value + 1 : nil }
    return value > range.lowerBound ? value - 1 : nil
}

/// Rows a line-mode `e <n>` command expands or collapses: the tree widgets.
protocol ExpandableRows {
    /// How many rows show.
    var rowCount: Int { get }
    /// Expands or collapses a row; returns whether it was a group with children.
    mutating func toggleExpansion(row index: Int) -> Bool
}

extension ExpandableRows {
    /// Expands or collapses the row a typed number names, as `e <n>` does.
    ///
    /// - Parameters:
    ///   - text: The number as typed.
    ///   - locale: The language of the messages.
    /// - Returns: `.none`, or a message when the number names no row or the row has nothing to expand.
    mutating func toggleExpansion(typed text: String, in locale: Locale) -> Action {
        guard let row = ItemNumber.index(text, count: rowCount) else {
            return CommandInput.line(text).missingItem(
                count: rowCount, DemoWords.text(.askRowNumber, in: locale), locale: locale)
        }
        return toggleExpansion(row: row)
            ? .none : .status(DemoWords.text(.nothingToExpand, in: locale, ["row": "\(row + 1)"]))
    }
}

extension CheckboxTree: ExpandableRows {
    var rowCount: Int { visibleRows.count }
}

extension OutlinePicker: ExpandableRows {
    var rowCount: Int { rows.count }
}

/// Numbers rows for line mode: ``LineText/numbered(_:width:)``.
func numbered(_ rows: [String], width: Int) -> [String] { LineText.numbered(rows, width: width) }

/// A demo's frame: its rows scrolled as the widgets scroll theirs, so the row under the cursor stays in view, with
/// the lines kept at the bottom (a blank line and the footer) after them; a window too short for both keeps the
/// cursor's row.
///
/// - Parameters:
///   - rows: Every row, in order.
///   - cursorRow: The row under the cursor.
///   - bottom: The lines under the rows.
///   - size: The screen's size.
func framed(_ rows: [Line], cursorRow: Int, bottom: [Line], size: Size) -> Frame {
    let room = max(size.rows - bottom.count, min(size.rows, 1))
    let shown = WidgetLayout.window(count: rows.count, cursor: cursorRow, height: room)
    return Frame(lines: Array(rows[shown]) + bottom.prefix(max(size.rows - shown.count, 0))).clipped(to: size)
}

/// Cuts each line to a width: ``LineText/fitted(_:width:)``.
func fitted(_ lines: [String], width: Int) -> [String] { LineText.fitted(lines, width: width) }

/// A demo whose words follow its screen's language: its keymap is made for a locale, and it keeps the locale its
/// environment gives (as it opens, and when F2 changes it), so its help is in the language of its labels.
///
/// Labels are drawn in ``Screen/render(in:)`` from `context.locale`, and the footer with ``footer(in:)``.
protocol LocalizedDemo: KeymapScreen {
    /// The locale the screen was last told; English until it is told one.
    var locale: Locale { get set }
    /// The keys and line commands, their help in a locale's language.
    ///
    /// - Parameter locale: The locale.
    /// - Returns: The keymap.
    static func keymap(in locale: Locale) -> Keymap<Command>
}

extension LocalizedDemo {
    /// The keymap in the language the screen was last told.
    var keymap: Keymap<Command> { Self.keymap(in: locale) }

    /// Keeps the environment's locale.
    mutating func adopt(_ environment: ScreenEnvironment) { locale = environment.locale }

    /// The footer in a context's language, dimmed.
    func footer(in context: ScreenContext) -> Line { Line(Self.keymap(in: context.locale).footer, .dim) }
}

extension DemoWords {
    /// The text in a context's language.
    static func text(_ key: DemoWords, in context: ScreenContext, _ arguments: [String: any Sendable] = [:]) -> String {
        text(key, in: context.locale, arguments)
    }
}
