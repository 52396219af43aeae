import CatalogKit
import CatalogTerminal
import Glibc

/// `open ID|PATH|TITLE`: runs one screen, found by id, by path, or by a title only it has.
enum OpenCommand {
    /// What `open` opens, up to where the terminal takes over.
    enum Opened {
        /// An entry of a file, which opens nothing: its line, printed as the launcher would pick it.
        case line([UInt8])
        /// An entry's screen, with its title and the environment to run it in.
        case screen(EntryScreen, title: String, environment: ScreenEnvironment)
        /// A link (`--keys` or `--size`): the screen with its steps replayed, to go on from.
        case replay(ScenarioRun)
    }

    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        switch try open(arguments, context) {
        case .line(let bytes):
            bytes.withUnsafeBufferPointer { context.out.line(bytes: $0) }
            return 0
        case .screen(let screen, let title, let environment):
            let session = Session(closable: screen, title: title, environment: environment)
            return try Launcher.run(session, arguments: arguments, context: &context).status
        case .replay(let replay):
            // Steps that close the screen (esc) leave nothing to go on with.
            if replay.quit { return replay.session.interrupted ? 130 : 0 }
            let outcome = try Launcher.run(
                replay.session, arguments: arguments, context: &context, resuming: replay.pendingTicks)
            return outcome.status
        }
    }

    /// Finds the entry, makes its screen and, for a link, replays its steps on a virtual clock at the link's size.
    /// A link's screen is made as a scenario's is, from fixed data (``Scenario/playing``): the same state on any
    /// machine, and nothing of the user's is read or written.
    static func open(_ arguments: Arguments, _ context: Context) throws -> Opened {
        let (snapshot, registry) = try CatalogSource.load(arguments, context)
        // The hint for a name that matches nothing lists the same catalog: `catalog list --file notes.txt`.
        let file = arguments.values["--file"].map { " --file " + Link.quoted($0) } ?? ""
        let record = try resolve(
            arguments.operands[0], in: snapshot, registry: registry, listing: "\(context.name) list" + file)
        let title = snapshot.table.title(record)
        let replays = arguments.values["--keys"] != nil || arguments.values["--size"] != nil
        let environment = try Launcher.environment(arguments, context)
        let scenario = replays ? try linkScenario(arguments, environment: environment) : nil
        let opened = try Scenario.$playing.withValue(scenario) { try screen(record, of: snapshot, arguments) }
        guard let screen = opened else { return .line(snapshot.table.withLineBytes(record) { Array($0) }) }
        guard let scenario else { return .screen(screen, title: title, environment: environment) }
        return .replay(try replay(screen, scenario, title: title, context))
    }

    /// `--set`'s values, each `NAME=VALUE`.
    ///
    /// - Throws: ``Arguments/UsageError`` for one without `=`, which would otherwise read as an empty value.
    static func settings(_ arguments: Arguments) throws -> [String] {
        let settings = arguments.lists["--set", default: []]
        if let bare = settings.first(where: { !$0.contains("=") }) {
            throw Arguments.UsageError(description: "option '--set' needs NAME=VALUE, not '\(bare)'.")
        }
        return settings
    }

    /// The entry's screen, made with `--set`'s values over its controls' defaults.
    ///
    /// - Returns: The screen, or `nil` for an entry of a file, which opens nothing.
    /// - Throws: ``InputError`` for a value its controls don't take, or what its factory throws.
    static func screen(_ record: Int, of snapshot: Snapshot<any Screen>, _ arguments: Arguments) throws
        -> EntryScreen?
    {
        let settings = try Self.settings(arguments)
        let title = snapshot.table.title(record)
        let controls = snapshot.factory(withValues: record) == nil ? nil : snapshot.controls(record)
        if snapshot.factory(record) == nil, !settings.isEmpty {
            throw InputError(description: "'\(title)' has no controls: it is an entry of a file.")
        }
        var values: ControlValues?
        if controls != nil || !settings.isEmpty {
            do {
                // With no controls, the first name given is unknown, and the error says the entry has none.
                values = try ControlValues(controls ?? [], parsing: settings)
            } catch {
                throw InputError(description: "--set for '\(title)': \(error)")
            }
        }
        do {
            return try snapshot.open(record, values: values)
        } catch {
            throw InputError(description: "could not open '\(title)': \(error)")
        }
    }

    /// Replays a link's steps (`--keys`, at `--size`) on the screen, on a virtual clock: its work runs again, but
    /// nothing is saved.
    ///
    /// - Returns: The run, whose session a loop on the terminal goes on from.
    static func replay(_ screen: EntryScreen, _ scenario: Scenario, title: String, _ context: Context) throws
        -> ScenarioRun
    {
        do {
            return try ScenarioRun.play(scenario, title: title, link: context.name) { screen }
        } catch {
            throw InputError(description: "could not replay --keys on '\(title)': \(error)")
        }
    }

    /// The steps `--keys` gives, in the step text (``StepText``); none without it.
    ///
    /// - Throws: ``Arguments/UsageError`` naming the word that can't be read.
    static func keys(_ arguments: Arguments) throws -> [Scenario.Step] {
        do {
            return try StepText.steps(arguments.values["--keys"] ?? "")
        } catch {
            throw Arguments.UsageError(description: "option '--keys': \(error)")
        }
    }

    /// The scenario a link's options describe: `--keys` (the step text), `--size`, and the environment's locale
    /// and colour.
    static func linkScenario(_ arguments: Arguments, environment: ScreenEnvironment) throws -> Scenario {
        let steps = try keys(arguments)
        let size =
            try arguments.values["--size"].map(SnapshotCommand.parseSize) ?? Size.window(of: STDOUT_FILENO)
            ?? Size.window(of: STDIN_FILENO) ?? .standard
        return Scenario(
            "link", size: size, locale: environment.locale.identifier, colorMode: environment.colorMode,
            glyphs: environment.glyphs, steps: steps)
    }

    /// Finds the entry `open` names: an exact id, a registry entry's path as `list` prints it, or a title that
    /// matches exactly one entry (folded).
    ///
    /// - Parameter listing: The command that lists the catalog searched, for the hint when nothing matches.
    static func resolve(
        _ name: String, in snapshot: Snapshot<any Screen>, registry: Registry<any Screen>?, listing: String
    ) throws -> Int {
        if let registry {
            if let entry = registry.entry(id: name), let record = snapshot.record(id: entry.id) { return record }
        } else if let record = snapshot.record(id: name) {
            // A catalog file's ids are its paths as read, as list, --json and the completions give them.
            return record
        }
        // A path as list and search print it ("Trees/Checkbox Tree"), so `search … | head -1 | xargs catalog open`
        // opens what was found.
        if registry != nil, let record = (0..<snapshot.count).first(where: { snapshot.table.path($0) == name }) {
            return record
        }
        guard !name.isEmpty else { throw InputError(description: "an empty name names no entry. Try '\(listing)'.") }
        let folded = Folding.fold(name)
        let matches = (0..<snapshot.count).filter { Folding.fold(snapshot.table.title($0)) == folded }
        if matches.count == 1 { return matches[0] }
        // A few candidates, each by its id, with its path where that says more (a registry's entry); the rest are
        // counted, so an error stays one readable line however many entries share a title. An id in another case
        // or with a "/" after it ("TREES/CHECKBOX-TREE/") is the likeliest, then an id's last part
        // ("checkbox-tree"); then what a search finds.
        let shown = 8
        var candidates = matches
        if candidates.isEmpty {
            var trimmed = Substring(name)
            while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            let foldedID = Folding.fold(String(trimmed))
            candidates = (0..<snapshot.count).filter { Folding.fold(snapshot.table.id($0)) == foldedID }
            // An id's last part, as a title is spelled in it ("multi-selector" for forms/multi-selector).
            if candidates.isEmpty {
                candidates = (0..<snapshot.count).filter { record in
                    let id = Folding.fold(snapshot.table.id(record))
                    return id.hasSuffix(foldedID) && id.dropLast(foldedID.count).last == "/"
                }
            }
        }
        if candidates.isEmpty { candidates = snapshot.search(name).prefix(shown).map(Int.init) }
        let list = candidates.prefix(shown).map { record in
            let (id, path) = (snapshot.table.id(record), snapshot.table.path(record))
            return id == path ? id : "\(id) (\(path))"
        }
        if matches.isEmpty {
            let hint = list.isEmpty ? " Try '\(listing)'." : " Did you mean: \(list.joined(separator: ", "))?"
            throw InputError(description: "no entry has the id or title '\(name)'.\(hint)")
        }
        let more =
            matches.count > shown ? ", and \(matches.count - shown) more" : ""
        throw InputError(
            description:
                "'\(name)' matches \(matches.count) entries; open one by id: \(list.joined(separator: ", "))\(more).")
    }
}
