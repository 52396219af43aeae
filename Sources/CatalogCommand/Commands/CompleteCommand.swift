import CatalogKit

/// The callback the completion scripts use, which prints candidates one a line:
///
/// - `---complete open [--file PATH [--flat] [--read0] [--delimiter TEXT]] -- PREFIX`: the ids and titles that start
///   with the prefix (compared folded), ids first, of the catalog file read as the command line being completed reads
///   it;
/// - `---complete set [--file PATH] -- ID PREFIX`: the `--set` words for the controls of the entry `open ID` names
///   (see ``settings(_:of:)``). An entry of a file has no controls, so with `--file` there are none;
/// - `---complete scenario -- ID PREFIX`: the names of that entry's scenarios that start with the prefix (folded),
///   for `record --scenario`.
enum CompleteCommand {
    /// The most candidates printed: a shell asks before showing more than a screenful anyway.
    static let limit = 1000

    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        switch arguments.operands.first {
        case "open":
            guard arguments.operands.count <= 2 else {
                throw Arguments.UsageError(description: "'---complete open' needs only the word typed.")
            }
            let prefix = arguments.operands.count > 1 ? arguments.operands[1] : ""
            let (snapshot, _) = try CatalogSource.load(arguments, context)
            for candidate in candidates(prefix, in: snapshot) { context.out.line(candidate) }
        case "set":
            guard arguments.operands.count == 3 else {
                throw Arguments.UsageError(description: "'---complete set' needs the entry and the word typed.")
            }
            for setting in try settings(arguments.operands[2], of: arguments.operands[1], arguments, context) {
                context.out.part(setting.word)
                if !setting.help.isEmpty {
                    context.out.raw("\t")
                    context.out.part(setting.help)
                }
                context.out.end()
            }
        case "scenario":
            guard arguments.operands.count == 3 else {
                throw Arguments.UsageError(description: "'---complete scenario' needs the entry and the word typed.")
            }
            let snapshot = context.registry.snapshot()
            guard
                let record = try? OpenCommand.resolve(
                    arguments.operands[1], in: snapshot, registry: context.registry, listing: "\(context.name) list"),
                let entry = context.registry.entry(id: snapshot.table.id(record))
            else { return 0 }
            let typed = Folding.foldedBytes(arguments.operands[2])
            for scenario in entry.scenarios where Folding.foldedBytes(scenario.name).starts(with: typed) {
                context.out.line(scenario.name)
            }
        default:
            throw Arguments.UsageError(description: "'---complete' completes 'open', 'set' and 'scenario' only.")
        }
        return 0
    }

    /// The ids, then the titles, that start with a prefix: found by the index (every candidate holds the prefix
    /// somewhere), then checked from the start.
    ///
    /// - Complexity: One index search, O(B) for B bytes of folded text, then O(h) for h hits.
    static func candidates(_ prefix: String, in snapshot: Snapshot<any Screen>) -> [String] {
        let folded = Folding.foldedBytes(prefix)
        let records = prefix.isEmpty ? snapshot.recordsInOrder : snapshot.index.search(Query(prefix))
        var ids: [String] = []
        var titles: [String] = []
        var seen: Set<String> = []
        for record in records where ids.count + titles.count < limit {
            let id = snapshot.table.id(Int(record))
            let title = snapshot.table.title(Int(record))
            if Folding.foldedBytes(id).starts(with: folded), seen.insert(id).inserted { ids.append(id) }
            if title != id, Folding.foldedBytes(title).starts(with: folded), seen.insert(title).inserted {
                titles.append(title)
            }
        }
        return ids + titles
    }

    /// A word `--set` may take, and what it means, for a shell that shows descriptions. The callback prints each
    /// on a line: the word, then a tab and the help when there is some.
    struct Setting: Equatable {
        /// The word: `name=` for a control, or `name=value` for one of its values.
        var word: String
        /// What a control takes ("an integer from 0 to 100"); empty for a value.
        var help = ""
    }

    /// The `--set` words for the controls of the entry that `open` names, as `open` finds it (an id, or a title only
    /// it has); none for an entry of `--file`, which has no controls, or for a name that finds no one entry.
    ///
    /// - Parameters:
    ///   - prefix: What is typed of the word so far.
    ///   - name: The id or title on the command line.
    ///   - arguments: The callback's command line, for `--file`.
    ///   - context: The program's registry.
    /// - Returns: The words that start with the prefix.
    static func settings(_ prefix: String, of name: String, _ arguments: Arguments, _ context: Context) throws
        -> [Setting]
    {
        guard arguments.values["--file"] == nil else { return [] }
        let snapshot = context.registry.snapshot()
        guard
            let record = try? OpenCommand.resolve(
                name, in: snapshot, registry: context.registry, listing: "\(context.name) list")
        else { return [] }
        return settings(prefix, of: snapshot.controls(record))
    }

    /// The `--set` words for controls that start with a prefix: while no `=` is typed, each control's `name=`, with
    /// what it takes as help; after `name=`, the values that control takes when there are few (a choice's names,
    /// `true` and `false`), and none for a number or text.
    ///
    /// - Parameters:
    ///   - prefix: What is typed of the word so far.
    ///   - controls: An entry's controls.
    /// - Returns: The words, in the order the controls and their choices are declared. A word the shell couldn't take
    ///   back as printed (a choice with a tab, a newline or another control character in it) is left out.
    /// - Complexity: O(n) for n controls and choices.
    static func settings(_ prefix: String, of controls: [Control]) -> [Setting] {
        let words: [Setting]
        if let equals = prefix.firstIndex(of: "=") {
            let name = String(prefix[..<equals])
            let values: [String]
            switch controls.first(where: { $0.name == name })?.kind {
            case .choice(let choices): values = choices
            case .boolean: values = ["true", "false"]
            default: values = []
            }
            words = values.map { Setting(word: name + "=" + $0) }
        } else {
            words = controls.map { Setting(word: $0.name + "=", help: $0.accepts) }
        }
        return words.filter { setting in
            setting.word.hasPrefix(prefix)
                && !setting.word.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
    }
}
