import CatalogKit
import CatalogTerminal
import Foundation

/// A process that took over from a rebuilt one (`--watch`, ``Handover``): the menu where the entry was, the entry
/// open over it with its control values, and the steps since it opened replayed on a virtual clock, so the screen is
/// back where it was; or the menu, with a one-line reason, when the entry is gone or can't be brought back.
enum Reopen {
    /// The session to run, and the ticks still due when the replay ended.
    ///
    /// - Parameters:
    ///   - handover: What the process before handed over.
    ///   - menu: The menu, not yet started.
    ///   - environment: The environment the command line asks for.
    ///   - product: The product rebuilt, for the status line.
    static func session(
        _ handover: Handover, menu: MenuScreen, environment: ScreenEnvironment, product: String, context: Context
    ) -> (session: Session, resuming: [(after: Duration, owner: Session.ScreenID)]?) {
        var menu = menu
        // The language and colour F2 and F3 chose go along, with an entry open or not.
        var environment = environment
        environment.locale = Locale(identifier: handover.locale)
        if !handover.colour {
            environment.colorMode = .none
        } else if environment.colorMode == .none {
            environment.colorMode = .trueColor
        }
        let seconds = (handover.built / .milliseconds(100)).rounded() / 10
        let rebuilt = ["product": product, "seconds": seconds] as [String: any Sendable]
        guard let id = handover.entry else {
            // The filter came back with the menu (`--query`); without one, the entry that was highlighted is again.
            if handover.query == nil, let highlighted = handover.highlighted { menu.reveal(highlighted) }
            var session = Session(root: menu, environment: environment)
            session.say(LauncherWords.text(.rebuilt, in: environment.locale, rebuilt))
            return (session, nil)
        }
        var failure: String
        do {
            let arguments = try Arguments(["open", id] + handover.options)
            let linked = try Launcher.environment(arguments, context)
            let scenario = try OpenCommand.linkScenario(arguments, environment: linked)
            let (snapshot, _) = try CatalogSource.load(arguments, context)
            if let record = snapshot.record(id: id) {
                let title = snapshot.table.title(record)
                menu.reveal(id)
                var session = Session(root: menu, environment: scenario.environment)
                session.linkProgram = context.name
                if handover.saved {
                    // Its state is in its files: opened from them, as it opens in the launcher, and not replayed (its
                    // steps would apply a second time); it goes on saving.
                    if let screen = try OpenCommand.screen(record, of: snapshot, arguments) {
                        session.openOnStart(screen, title: title)
                    }
                    var words = rebuilt
                    words["title"] = title
                    session.say(LauncherWords.text(.reopenedSaved, in: scenario.environment.locale, words))
                    return (session, nil)
                }
                let made = try Scenario.$playing.withValue(scenario) {
                    try OpenCommand.screen(record, of: snapshot, arguments)
                }
                if let screen = made {
                    session.openOnStart(screen, title: title)
                    let run = try ScenarioRun.play(scenario, session: session, writes: false, draws: false)
                    if !run.quit {
                        var session = run.session
                        session.say(LauncherWords.text(.rebuilt, in: scenario.environment.locale, rebuilt))
                        return (session, run.pendingTicks)
                    }
                }
                failure = LauncherWords.text(.reopenClosed, in: environment.locale, ["title": title])
            } else {
                failure = LauncherWords.text(.entryGone, in: environment.locale, ["id": id])
            }
        } catch {
            failure = LauncherWords.text(.reopenFailed, in: environment.locale, ["title": id, "message": "\(error)"])
        }
        var session = Session(root: menu, environment: environment)
        session.say(failure)
        return (session, nil)
    }
}
