import CatalogKit
import CatalogTerminal

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
    /// - Parameter text: The number as typed.
    /// - Returns: `.none`, or a message when the number names no row or the row has nothing to expand.
    mutating func toggleExpansion(typed text: String) -> Action {
        guard let row = ItemNumber.index(text, count: rowCount) else {
            return CommandInput.line(text).missingItem(count: rowCount, "a row number")
        }
        return toggleExpansion(row: row) ? .none : .status("Row \(row + 1) has nothing to expand or collapse.")
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

/// Cuts each line to a width: ``LineText/fitted(_:width:)``.
func fitted(_ lines: [String], width: Int) -> [String] { LineText.fitted(lines, width: width) }
