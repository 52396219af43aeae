import CatalogKit
import CatalogTerminal
import Foundation

/// `record ID|PATH|TITLE --cast FILE [--scenario NAME] [--pace TIME]`: one scenario as an asciicast v2 recording.
enum RecordCommand {
    /// How long a recording shows the screen after each key unless `--pace` says otherwise: long enough to see
    /// what a key did, short enough that a scenario plays as a demo.
    static let defaultPace = Duration.milliseconds(400)

    /// `--pace`'s time, written as a scenario's `wait:` is: `400ms`, `1.5s`, `0`.
    ///
    /// - Throws: ``Arguments/UsageError`` for anything else.
    static func parsePace(_ text: String) throws -> Duration {
        if text == "0" { return .zero }
        guard let pace = StepText.duration(Substring(text)), pace <= .seconds(60) else {
            throw Arguments.UsageError(
                description: "option '--pace' needs a time from 0 to 60s, such as 400ms or 1.5s, not '\(text)'.")
        }
        return pace
    }

    static func run(_ arguments: Arguments, _ context: inout Context) throws -> Int32 {
        guard let path = arguments.values["--cast"] else {
            throw Arguments.UsageError(description: "'record' needs --cast FILE, the file to write.")
        }
        let snapshot = context.registry.snapshot()
        let record = try OpenCommand.resolve(
            arguments.operands[0], in: snapshot, registry: context.registry, listing: "\(context.name) list")
        guard let entry = context.registry.entry(id: snapshot.table.id(record)) else {
            throw InputError(description: "the entry '\(arguments.operands[0])' is gone.")
        }
        let scenario: Scenario
        if let name = arguments.values["--scenario"] {
            guard let found = entry.scenarios.first(where: { Folding.fold($0.name) == Folding.fold(name) }) else {
                let names = entry.scenarios.map { "'\($0.name)'" }.joined(separator: ", ")
                throw InputError(description: "'\(entry.title)' has no scenario '\(name)'; it has \(names).")
            }
            scenario = found
        } else {
            scenario = entry.scenarios[0]
        }
        let pace = try arguments.values["--pace"].map(parsePace) ?? defaultPace
        let run: ScenarioRun
        do {
            run = try ScenarioRun.play(scenario, pace: pace) { try entry.screen(for: scenario) }
        } catch {
            throw InputError(description: "could not open '\(entry.title)': \(error)")
        }
        let timestamp =
            context.environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) } ?? Int(Date().timeIntervalSince1970)
        let text = Asciicast.text(of: run, title: "\(entry.title) · \(scenario.name)", timestamp: timestamp)
        // "-" is standard output, as `--file -` is standard input: `catalog record x --cast - | asciinema play -`.
        if path == "-" {
            context.out.raw(text)
            return 0
        }
        do {
            // Written beside the file and renamed over it: a failed write leaves no half-written recording. As a
            // shell's redirection does, a missing directory is refused, a link followed, a device written to.
            try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: path), place: .typed)
        } catch {
            throw InputError(description: "cannot write '\(path)': \(error.localizedDescription)")
        }
        return 0
    }
}
