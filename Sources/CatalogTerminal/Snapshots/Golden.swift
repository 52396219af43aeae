import CatalogKit

/// A snapshot as a golden file: plain UTF-8 text that reads well in a code review's diff.
///
/// The first line names the entry, the scenario and the size. The frame follows as a person sees it, one line a row,
/// trailing spaces dropped. A style layer closes it: one line per run of styled cells, `row:first-last` in 1-based
/// columns and the style in words, so a colour or bold change shows as a changed line too, and where the cursor is
/// shown, if it is.
///
/// ```
/// # pickers/outline-picker · expanded to Laptops · 80×24
/// Outline Picker
/// Category    Laptops ⌃⌄
/// …
/// # styles
/// 1:1-14 dim
/// 2:1-24 reverse
/// ```
package enum Golden {
    /// The golden text of a frame.
    ///
    /// - Parameters:
    ///   - frame: The frame.
    ///   - size: The size it was drawn at; the text has exactly `size.rows` frame lines.
    ///   - title: What the first line names: the entry's id, the scenario and the size.
    /// - Returns: The text, ending in a newline.
    public static func text(of frame: Frame, size: Size, title: String) -> String {
        var rows = Array(repeating: "", count: max(size.rows, 0))
        let runs = frame.runs(in: size)
        for run in runs {
            let padding = max(0, run.column - DisplayWidth.of(rows[run.row]))
            rows[run.row] += String(repeating: " ", count: padding) + run.text
        }
        var lines = ["# \(title)"]
        lines += rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        lines.append("# styles")
        for run in runs where run.style != .plain {
            lines.append("\(run.row + 1):\(run.column + 1)-\(run.column + run.width) \(run.style.words)")
        }
        if let cursor = frame.cursor { lines.append("# cursor \(cursor.row + 1):\(cursor.column + 1)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A unified diff of two texts, line by line, as `diff -u` prints it.
package enum LineDiff {
    /// The diff, or `nil` when the texts are the same.
    ///
    /// - Parameters:
    ///   - old: The expected text (the golden).
    ///   - new: The text now.
    ///   - oldName: The name on the `---` line.
    ///   - newName: The name on the `+++` line.
    ///   - context: Unchanged lines shown around each change.
    /// - Returns: The diff's lines joined by newlines, ending in one.
    /// - Complexity: O(n · m) time and space for texts of n and m lines, which golden files keep small.
    public static func unified(
        _ old: String, _ new: String, oldName: String, newName: String, context: Int = 3
    ) -> String? {
        guard old != new else { return nil }
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let edits = script(a, b)
        var output = ["--- \(oldName)", "+++ \(newName)"]
        // Group the edits into hunks with `context` lines around changes.
        var index = 0
        while index < edits.count {
            guard let change = edits[index...].firstIndex(where: { $0.kind != .same }) else { break }
            var end = change
            var lastChange = change
            while end < edits.count {
                if edits[end].kind != .same { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            let start = max(index, change - context)
            let stop = min(edits.count, lastChange + context + 1)
            let hunk = edits[start..<stop]
            let oldStart = (hunk.first?.oldLine ?? 0) + 1
            let newStart = (hunk.first?.newLine ?? 0) + 1
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            for edit in hunk {
                switch edit.kind {
                case .same: output.append(" " + a[edit.oldLine])
                case .delete: output.append("-" + a[edit.oldLine])
                case .insert: output.append("+" + b[edit.newLine])
                }
            }
            index = stop
        }
        return output.joined(separator: "\n") + "\n"
    }

    private struct Edit {
        enum Kind { case same, delete, insert }
        var kind: Kind
        /// The line in the old text (for an insert, the old line it comes before) and in the new one.
        var oldLine: Int
        var newLine: Int
    }

    /// The shortest edit script, from a table of longest common subsequences.
    private static func script(_ a: [String], _ b: [String]) -> [Edit] {
        let width = b.count + 1
        var lengths = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    a[i] == b[j]
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var edits: [Edit] = []
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                edits.append(Edit(kind: .same, oldLine: i, newLine: j))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                // Deletions first, as diff(1) prints a changed line: the old one, then the new one.
                edits.append(Edit(kind: .delete, oldLine: i, newLine: j))
                i += 1
            } else {
                edits.append(Edit(kind: .insert, oldLine: i, newLine: j))
                j += 1
            }
        }
        return edits
    }
}
