import CatalogKit
import CatalogTerminal

/// A very small terminal emulator: enough of VT100 to read back what a full-screen program drew.
///
/// It understands printable text (wide characters take two cells), CR, LF (scrolling at the bottom), backspace,
/// cursor positioning and moves (`CSI row;col H`, `CSI n A/B/C/D`), saving and restoring the cursor (`ESC 7`,
/// `ESC 8`), erasing lines and the screen (`CSI K`, `CSI 2K`, `CSI J`, `CSI 2J`), and the alternate screen
/// (`CSI ? 1049 h/l`). Other sequences are skipped.
package struct ScreenModel {
    package private(set) var size: Size
    private var main: [[String]]
    private var alternate: [[String]]
    private var onAlternate = false
    private var row = 0
    private var column = 0
    private var saved = (0, 0)

    package init(size: Size) {
        self.size = size
        main = Self.blank(size)
        alternate = Self.blank(size)
    }

    private static func blank(_ size: Size) -> [[String]] {
        Array(repeating: Array(repeating: " ", count: max(size.columns, 0)), count: max(size.rows, 0))
    }

    /// Where the cursor is, from 0: what a terminal answers to `ESC [ 6 n`.
    package var cursor: (row: Int, column: Int) { (row, column) }

    package var text: String {
        let grid = onAlternate ? alternate : main
        return grid.map { String($0.joined().reversed().drop(while: { $0 == " " }).reversed()) }
            .joined(separator: "\n")
    }

    /// Changes the screen's size, keeping what fits at the left, as a terminal window does when resized. A main
    /// screen made shorter loses blank rows below the cursor first and then rows at its top, as tmux's does (they go
    /// to its history): the cursor moves up with its line, and a saved place doesn't. An alternate screen keeps its
    /// top rows.
    package mutating func resize(to newSize: Size) {
        func fitted(_ grid: [[String]]) -> [[String]] {
            (0..<max(newSize.rows, 0)).map { row in
                (0..<max(newSize.columns, 0)).map { column in
                    row < grid.count && column < grid[row].count ? grid[row][column] : " "
                }
            }
        }
        var kept = main
        if newSize.rows < kept.count {
            while kept.count > newSize.rows, kept.count - 1 > row, kept.last?.allSatisfy({ $0 == " " }) == true {
                kept.removeLast()
            }
        }
        let scrolled = onAlternate ? 0 : max(kept.count - newSize.rows, 0)
        if onAlternate { kept = main }
        main = fitted(Array(kept.dropFirst(scrolled)))
        alternate = fitted(alternate)
        size = newSize
        row = min(max(row - scrolled, 0), max(size.rows - 1, 0))
        column = min(column, max(size.columns - 1, 0))
    }

    package mutating func apply(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\u{1B}":
                if scalars.first == "7" || scalars.first == "8" {
                    // DECSC and DECRC: save and restore the cursor.
                    if scalars.removeFirst() == "7" { saved = (row, column) } else { (row, column) = saved }
                    continue
                }
                guard scalars.first == "[" else {
                    if scalars.first == "]" {  // OSC: skip to BEL or ST
                        while let next = scalars.popFirst(), next != "\u{7}", next != "\u{9C}" {}
                    } else {
                        _ = scalars.popFirst()
                    }
                    continue
                }
                scalars.removeFirst()
                var parameters = ""
                while let next = scalars.first, (0x20...0x3F).contains(next.value) {
                    parameters.unicodeScalars.append(next)
                    scalars.removeFirst()
                }
                guard let final = scalars.popFirst() else { return }
                control(final, parameters)
            case "\r": column = 0
            case "\n": lineFeed()
            case "\u{8}": column = max(column - 1, 0)
            default:
                if scalar.value < 0x20 { continue }
                put(Character(scalar))
            }
        }
    }

    /// Down a row, scrolling the screen up at the bottom as a terminal does.
    private mutating func lineFeed() {
        guard row == size.rows - 1 else {
            row = min(row + 1, size.rows - 1)
            return
        }
        let blank = Array(repeating: " ", count: max(size.columns, 0))
        if onAlternate {
            alternate = Array(alternate.dropFirst()) + [blank]
        } else {
            main = Array(main.dropFirst()) + [blank]
        }
    }

    private mutating func put(_ character: Character) {
        guard row >= 0, row < size.rows else { return }
        let width = max(DisplayWidth.of(character), 1)
        if column + width > size.columns {
            column = 0
            row = min(row + 1, size.rows - 1)
        }
        setCell(row, column, String(character))
        if width == 2, column + 1 < size.columns { setCell(row, column + 1, "") }
        column += width
    }

    private mutating func setCell(_ row: Int, _ column: Int, _ value: String) {
        if onAlternate { alternate[row][column] = value } else { main[row][column] = value }
    }

    private mutating func eraseLine(_ row: Int, from start: Int) {
        guard row >= 0, row < size.rows else { return }
        for column in max(start, 0)..<size.columns { setCell(row, column, " ") }
    }

    private mutating func control(_ final: Unicode.Scalar, _ parameters: String) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case "H", "f":
            row = min(max((numbers.first.flatMap { $0 } ?? 1) - 1, 0), size.rows - 1)
            column = min(max((numbers.dropFirst().first.flatMap { $0 } ?? 1) - 1, 0), size.columns - 1)
        case "K":
            eraseLine(row, from: parameters == "2" ? 0 : column)
        case "J" where parameters == "2":
            for row in 0..<size.rows { eraseLine(row, from: 0) }
        case "J" where parameters.isEmpty || parameters == "0":
            eraseLine(row, from: column)
            for below in (row + 1)..<max(size.rows, row + 1) { eraseLine(below, from: 0) }
        case "A", "B", "C", "D":
            let count = max(numbers.first.flatMap { $0 } ?? 1, 1)
            switch final {
            case "A": row = max(row - count, 0)
            case "B": row = min(row + count, size.rows - 1)
            case "C": column = min(column + count, size.columns - 1)
            default: column = max(column - count, 0)
            }
        case "h" where parameters == "?1049":
            onAlternate = true
            alternate = Self.blank(size)
        case "l" where parameters == "?1049":
            onAlternate = false
        default:
            break
        }
    }
}
