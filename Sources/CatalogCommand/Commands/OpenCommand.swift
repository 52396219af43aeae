import CatalogKit
import CatalogTerminal

/// `open ID|TITLE`: runs one screen, found by id or by a title only it has.
enum OpenCommand {
    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        let (snapshot, registry) = try CatalogSource.load(arguments, context)
        let name = arguments.operands[0]
        let record = try resolve(name, in: snapshot, registry: registry, program: context.name)
        let settings = arguments.lists["--set", default: []]
        guard var make = snapshot.factory(record) else {
            if !settings.isEmpty {
                throw InputError(
                    description: "'\(snapshot.table.title(record))' has no controls: it is an entry of a file.")
            }
            // An entry of a file opens nothing: it is picked, as the launcher would pick it.
            snapshot.table.withLineBytes(record) { context.out.line(bytes: $0) }
            return 0
        }
        var values: ControlValues?
        if let build = snapshot.factory(withValues: record) {
            do {
                values = try ControlValues(snapshot.controls(record), parsing: settings)
            } catch {
                throw InputError(description: "--set for '\(snapshot.table.title(record))': \(error)")
            }
            make = { [values] in try build(values ?? ControlValues(snapshot.controls(record))) }
        } else if !settings.isEmpty {
            // No control takes a name: the error says the entry has none.
            do {
                _ = try ControlValues([], parsing: settings)
            } catch {
                throw InputError(description: "--set for '\(snapshot.table.title(record))': \(error)")
            }
        }
        var screen: any Screen
        do {
            screen = try make()
        } catch {
            throw InputError(description: "could not open '\(snapshot.table.title(record))': \(error)")
        }
        if let values, let build = snapshot.factory(withValues: record), !arguments.has("--plain") {
            // In the terminal, F7 shows the controls beside the screen, starting from the values given.
            screen = ControlledScreen(screen, values: values, make: build)
        }
        let environment = Launcher.environment(arguments, context)
        let outcome = try Launcher.run(
            Session(closable: screen, environment: environment), arguments: arguments, context: &context)
        return outcome.status
    }

    /// Finds the entry `open` names: an exact id, or a title that matches exactly one entry (folded).
    static func resolve(
        _ name: String, in snapshot: Snapshot<any Screen>, registry: Registry<any Screen>?, program: String
    ) throws -> Int {
        if let entry = registry?.entry(id: name), let record = snapshot.record(id: entry.id) { return record }
        let folded = Folding.fold(name)
        let matches = (0..<snapshot.count).filter { Folding.fold(snapshot.table.title($0)) == folded }
        if matches.count == 1 { return matches[0] }
        let candidates = matches.isEmpty ? Array(snapshot.search(name).prefix(8).map(Int.init)) : matches
        let list = candidates.map { "\(snapshot.table.id($0)) (\(snapshot.table.path($0)))" }
        if matches.isEmpty {
            let hint = list.isEmpty ? " Try '\(program) list'." : " Did you mean: \(list.joined(separator: ", "))?"
            throw InputError(description: "no entry has the id or title '\(name)'.\(hint)")
        }
        throw InputError(
            description: "'\(name)' matches \(matches.count) entries; open one by id: \(list.joined(separator: ", ")).")
    }
}
