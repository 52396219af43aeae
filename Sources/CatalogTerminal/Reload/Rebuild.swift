import CatalogKit
import Foundation

/// Live reload's state (`--watch`): from a saved source file to a build, and from its result to the new binary or
/// to the compiler's errors.
///
/// A pure state machine the session owns; the shell tells it when sources changed and hands back the build's
/// result, and it answers with actions the session carries out as its own (ticks, the build job, its
/// cancellation). Its phases:
///
/// - ``Phase/watching``: nothing to do until a source changes.
/// - ``Phase/settling(until:)``: a change came in; the build starts once ``quiet`` has passed with no other, so an
///   editor that writes several files, or a temporary file and a rename, starts one build.
/// - ``Phase/building(started:spinner:)``: the build runs (a job in ``lane``) and the status line turns a spinner.
///   A change now cancels it (its process group is killed) and settles again, so the build that finishes is always
///   of the newest sources.
///
/// A finished build ends in ``Outcome``: success hands over to the new binary; failure keeps the running one and
/// shows ``failure``, the compiler's first errors, until Escape or the next build.
///
/// At most one tick of its own is ever pending, however many changes arrive: a burst of saves can't fill the
/// shell's table of ticks.
package struct Rebuild: Sendable {
    /// How long sources must stay unchanged before a build starts.
    package static let quiet = Duration.milliseconds(100)
    /// How often the spinner turns while a build runs.
    package static let spinnerStep = Duration.milliseconds(125)
    /// The lane the build runs in; a newer build replaces a running one.
    package static let lane = JobLane<Outcome>("build")

    /// Where the rebuild is.
    package enum Phase: Sendable, Equatable {
        /// Waiting for a change.
        case watching
        /// A change came in; the build starts at `until` unless another change comes first.
        case settling(until: Duration)
        /// The build runs since `started`; `spinner` is the spinner's step.
        case building(started: Duration, spinner: Int)
    }

    /// A build that made the program.
    package struct Build: Sendable, Equatable {
        /// How long it took.
        package var duration: Duration
        /// When it started, in seconds since 1970: a source changed after then is newer than the program.
        package var started: Double

        package init(duration: Duration, started: Double) {
            self.duration = duration
            self.started = started
        }
    }

    /// How a build ended.
    package enum Outcome: Sendable, Equatable {
        /// The product built: the new binary can take over.
        case built(Build)
        /// The build failed; what the compiler said.
        case failed(BuildReport)
    }

    /// What the session does when a build finished.
    package enum Conclusion: Sendable, Equatable {
        /// Hand over to the new binary.
        case reload(Build)
        /// Show the compiler's errors.
        case failed(BuildReport)
    }

    /// The product built, for the status line.
    package let product: String
    /// Runs the build: `swift build --product …` in the shell; a stand-in in tests.
    let build: @Sendable (_ isCancelled: @escaping JobCancellation) -> Outcome
    /// Where the rebuild is.
    package private(set) var phase = Phase.watching
    /// Whether a tick of this machine's is pending.
    private var ticking = false

    /// Creates the state machine.
    ///
    /// - Parameters:
    ///   - product: The product's name, as the status line shows it.
    ///   - build: Builds the product and says how it went; it runs off the input path and checks `isCancelled`.
    package init(product: String, build: @escaping @Sendable (_ isCancelled: @escaping JobCancellation) -> Outcome) {
        self.product = product
        self.build = build
    }

    /// Sources changed (or the watch lost track of them, which counts as a change).
    ///
    /// - Parameter now: The shell's clock.
    /// - Returns: The actions to carry out: a tick to settle on and, when a build was running, its cancellation.
    package mutating func changed(at now: Duration) -> Action {
        var actions: [Action] = []
        if case .building = phase { actions.append(.cancel(Self.lane)) }
        phase = .settling(until: now + Self.quiet)
        actions.append(wake(after: Self.quiet))
        return .batch(actions)
    }

    /// Time passed: a settled change starts the build, a running build turns the spinner.
    ///
    /// - Parameter now: The shell's clock.
    /// - Returns: The actions to carry out.
    package mutating func tick(at now: Duration) -> Action {
        ticking = false
        switch phase {
        case .watching:
            return .none
        case .settling(let until) where until > now:
            return wake(after: until - now)
        case .settling:
            phase = .building(started: now, spinner: 0)
            let build = self.build
            return .batch([.run(Job(Self.lane) { isCancelled in build(isCancelled) }), wake(after: Self.spinnerStep)])
        case .building(let started, let spinner):
            phase = .building(started: started, spinner: spinner + 1)
            return wake(after: Self.spinnerStep)
        }
    }

    /// The build finished.
    ///
    /// - Parameter outcome: How it went.
    /// - Returns: What the session does, or `nil` when no build was running (a cancelled build's late result).
    package mutating func finished(_ outcome: Outcome) -> Conclusion? {
        guard case .building = phase else { return nil }
        phase = .watching
        switch outcome {
        case .built(let build): return .reload(build)
        case .failed(let report): return .failed(report)
        }
    }

    /// The status line's text while settling or building, with the spinner; `nil` while watching.
    ///
    /// - Parameter locale: The screen's locale.
    package func status(in locale: Locale) -> String? {
        switch phase {
        case .watching: return nil
        case .settling: return LauncherWords.text(.building, in: locale, ["product": product])
        case .building(_, let spinner):
            let frames = Glyphs.spinner
            return frames[spinner % frames.count] + " "
                + LauncherWords.text(.building, in: locale, ["product": product])
        }
    }

    /// A tick after a delay, unless one is pending: it comes early at worst, and ``tick(at:)`` waits on from there.
    private mutating func wake(after delay: Duration) -> Action {
        guard !ticking else { return .none }
        ticking = true
        return .tick(after: delay)
    }
}
