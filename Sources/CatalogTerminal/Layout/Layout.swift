import CatalogKit

/// A rectangle of cells: where a widget is drawn.
public struct Rect: Sendable, Hashable {
    /// The first column and row, from 0.
    public var column: Int
    public var row: Int
    /// The cells across and down.
    public var width: Int
    public var height: Int

    public init(column: Int = 0, row: Int = 0, width: Int, height: Int) {
        self.column = column
        self.row = row
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// A rectangle as large as a size, at the top left.
    public init(_ size: Size) {
        self.init(width: size.columns, height: size.rows)
    }

    /// Its size.
    public var size: Size { Size(columns: width, rows: height) }
}

/// Divides a rectangle into rows or columns, as ratatui's `Layout` does: each part a fixed number of cells, a
/// share of what is left, or at least some cells.
///
/// ```swift
/// let rows = Layout.rows([.fixed(1), .fill(1), .fixed(1)]).split(Rect(context.size))
/// let columns = Layout.columns([.minimum(12), .fill(2)], spacing: 1).split(rows[1])
/// ```
///
/// Fixed parts come first; minimum parts get their minimum; what is left is shared among the fill parts and the
/// minimum parts by their weights (a minimum part weighs 1). When there is not room for the fixed and minimum
/// parts, the later parts shrink first, down to nothing.
public struct Layout: Sendable, Hashable {
    /// How much room a part takes.
    public enum Constraint: Sendable, Hashable {
        /// Exactly so many cells, when there is room.
        case fixed(Int)
        /// A share of what is left, by weight.
        case fill(Int)
        /// At least so many cells, and a share of what is left, weighing 1.
        case minimum(Int)
    }

    /// Which way the parts go.
    public enum Axis: Sendable, Hashable { case vertical, horizontal }

    public var axis: Axis
    public var constraints: [Constraint]
    /// Cells between parts.
    public var spacing: Int

    /// Parts one below another.
    public static func rows(_ constraints: [Constraint], spacing: Int = 0) -> Layout {
        Layout(axis: .vertical, constraints: constraints, spacing: spacing)
    }

    /// Parts side by side.
    public static func columns(_ constraints: [Constraint], spacing: Int = 0) -> Layout {
        Layout(axis: .horizontal, constraints: constraints, spacing: spacing)
    }

    /// Splits a rectangle.
    ///
    /// - Parameter rect: The rectangle.
    /// - Returns: One rectangle per constraint, in order, none overlapping, all inside `rect`.
    /// - Complexity: O(n) in the constraints.
    public func split(_ rect: Rect) -> [Rect] {
        let total = axis == .vertical ? rect.height : rect.width
        let gaps = max(constraints.count - 1, 0) * max(spacing, 0)
        var available = max(total - gaps, 0)
        var sizes = constraints.map { constraint -> Int in
            switch constraint {
            case .fixed(let cells), .minimum(let cells): return max(cells, 0)
            case .fill: return 0
            }
        }
        // Shrink from the end when the fixed and minimum parts don't fit.
        var needed = sizes.reduce(0, +)
        for index in sizes.indices.reversed() where needed > available {
            let cut = min(sizes[index], needed - available)
            sizes[index] -= cut
            needed -= cut
        }
        available -= needed
        let weights = constraints.map { constraint -> Int in
            switch constraint {
            case .fill(let weight): return max(weight, 0)
            case .minimum: return 1
            case .fixed: return 0
            }
        }
        let totalWeight = weights.reduce(0, +)
        if totalWeight > 0, available > 0 {
            var given = 0
            var weightSoFar = 0
            for index in sizes.indices where weights[index] > 0 {
                weightSoFar += weights[index]
                let upTo = available * weightSoFar / totalWeight
                sizes[index] += upTo - given
                given = upTo
            }
        }
        var offset = axis == .vertical ? rect.row : rect.column
        return sizes.map { size in
            defer { offset += size + max(spacing, 0) }
            return axis == .vertical
                ? Rect(column: rect.column, row: offset, width: rect.width, height: size)
                : Rect(column: offset, row: rect.row, width: size, height: rect.height)
        }
    }
}
