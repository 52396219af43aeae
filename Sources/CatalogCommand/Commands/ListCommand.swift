import CatalogKit
import CatalogTerminal

/// `list`: every entry's full path, in search order.
enum ListCommand {
    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        let (snapshot, _) = try CatalogSource.load(arguments, context)
        EntryWriter.write(snapshot, snapshot.recordsInOrder, json: arguments.has("--json"), to: &context.out)
        return 0
    }
}

/// Writes entries as full paths, one a line, or as a JSON array of objects.
enum EntryWriter {
    static func write(
        _ snapshot: Snapshot<any Screen>, _ records: some Collection<UInt32>, json: Bool, to out: inout Output
    ) {
        let table = snapshot.table
        if json {
            out.raw("[")
            for (position, record) in records.enumerated() {
                out.raw(position == 0 ? "\n  " : ",\n  ")
                out.raw(EntryJSON.object(table, Int(record)))
            }
            out.raw(records.isEmpty ? "]\n" : "\n]\n")
        } else {
            for record in records {
                table.withPathBytes(Int(record)) { out.line(bytes: $0) }
            }
        }
    }
}
