import CatalogKit
import CatalogTerminal

/// `list`: every entry's full path, in search order.
enum ListCommand {
    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        try EntryWriter.checkFormat(arguments)
        let (snapshot, _) = try CatalogSource.load(arguments, context)
        EntryWriter.write(snapshot, snapshot.recordsInOrder, arguments, to: &context.out)
        return 0
    }
}

/// Writes entries as their lines as read (full paths), one a line: byte for byte to a pipe or a file, sanitized on
/// a terminal; with `--print0`, each ended by NUL and exactly as read, for `xargs -0`; or with `--json` as a JSON
/// array of objects.
enum EntryWriter {
    /// Refuses two formats at once: JSON has no NUL-ended form, and one of them would be dropped without a word.
    static func checkFormat(_ arguments: Arguments) throws {
        if arguments.has("--json") && arguments.has("--print0") {
            throw Arguments.UsageError(description: "options '--json' and '--print0' exclude each other.")
        }
    }

    /// - Parameter wholeLines: Whether a line is written whole, keywords and all, as a picker prints it
    ///   (``EntryTable/withWholeLineBytes(_:_:)``), rather than its path.
    static func write(
        _ snapshot: Snapshot<any Screen>, _ records: some Collection<UInt32>, _ arguments: Arguments,
        wholeLines: Bool = false, to out: inout Output
    ) {
        let table = snapshot.table
        if arguments.has("--json") {
            out.raw("[")
            for (position, record) in records.enumerated() {
                out.raw(position == 0 ? "\n  " : ",\n  ")
                out.raw(EntryJSON.object(table, Int(record), controls: snapshot.controls(Int(record))))
            }
            out.raw(records.isEmpty ? "]\n" : "\n]\n")
        } else {
            // Names for the next program (a pipe, a file, `--print0`) are its bytes as read, as find and ls write
            // them; on a terminal a person reads them, and a control character in one is shown, never obeyed.
            let print0 = arguments.has("--print0")
            out.lines(records, exact: print0 || !out.isTerminal, terminator: print0 ? 0 : 0x0A) { record, write in
                wholeLines ? table.withWholeLineBytes(Int(record), write) : table.withLineBytes(Int(record), write)
            }
        }
    }
}
