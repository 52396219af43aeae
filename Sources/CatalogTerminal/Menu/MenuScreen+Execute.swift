import CatalogKit

extension MenuScreen {
    /// fzf's `execute(…)`, `execute-silent(…)` and `become(…)`: a bound key's shell command, with `{}` the highlighted
    /// entry's line, `{q}` the filter's text, `{+}` the marked entries' lines (the highlighted one's when none is
    /// marked) and `{1}` a field, each quoted as the preview command's are
    /// (``ShellCommand/expand(_:line:query:marked:delimiter:)``).
    ///
    /// A command that names an entry does nothing while none is highlighted (no hit, a group, or nothing read
    /// yet), as fzf's does with an empty list; one that names none runs at once.
    ///
    /// - Parameters:
    ///   - command: ``MenuKeys/Command/execute``, ``MenuKeys/Command/executeSilent`` or ``MenuKeys/Command/become``.
    ///   - text: The shell command as bound.
    /// - Returns: ``Action/execute(_:shell:silent:)``; for `become`, ``Action/quit`` with ``becomes`` set; or the
    ///   bell when the command names an entry and none is highlighted.
    mutating func run(_ command: MenuKeys.Command, _ text: String) -> Action {
        let record: UInt32? = if case .node(.entry(let record))? = highlighted { record } else { nil }
        let marks = marked.inOrder.map(line)
        let namesEntry = ShellCommand.namesLine(text) || (ShellCommand.usesMarks(text) && marks.isEmpty)
        guard record != nil || !namesEntry else { return .bell }
        let expanded = ShellCommand.expand(
            text, line: record.map(line) ?? "", query: query, marked: marks, delimiter: options.fieldDelimiter)
        switch command {
        case .reload, .reloadSync: return reload(expanded, waitingForEnd: command == .reloadSync)
        case .become:
            becomes = (expanded, options.shell)
            return .quit
        case .executeSilent: return .execute(expanded, shell: options.shell, silent: true)
        default: return .execute(expanded, shell: options.shell, silent: false)
        }
    }

    /// An entry's whole line as read, keywords and all, as a pick prints it and fzf's placeholders take it.
    func line(_ record: UInt32) -> String {
        snapshot.table.withWholeLineBytes(Int(record)) { String(decoding: $0, as: UTF8.self) }
    }

    /// fzf's `reload(…)`: reads the list again from a shell command's output, streamed in as a pipe's is, the view
    /// moved onto each step by identity (``rebase(onto:)``), so the highlighted entry stays highlighted while it is
    /// still there and the filter keeps its text. A reload before the first list is in takes its place; one in the
    /// built-in catalog rings the bell; one during another ends the other's command.
    ///
    /// - Parameter waitingForEnd: fzf's `reload-sync`: the list stays as it is until the command's output has
    ///   ended, and is then replaced at once.
    mutating func reload(_ command: String, waitingForEnd: Bool = false) -> Action {
        guard let makeStep = options.reload else { return .bell }
        // A reload while the entries load (`--bind start:reload(…)`, fzf's launcher of a search program) takes
        // their place, as a reload while a stream is read does: the load is cancelled. The spinner turns already
        // while anything streams.
        let ticking: Bool
        switch phase {
        case .ready: ticking = false
        case .streaming, .topLevel: ticking = true
        case .loading(let loading): ticking = loading.streams
        }
        let step = makeStep(command, options.shell, waitingForEnd)
        let job = Self.loadJob(options) { title, maxChildren, _ in try step(title, maxChildren) }
        phase = .streaming(Streaming(what: command, step: job))
        return .batch([.cancel(Self.loadLane), .run(job)] + (ticking ? [] : [.tick(after: Self.spinnerStep)]))
    }
}
