import CatalogKit

extension ScenarioRun {
    /// A step of a scenario that changed nothing a golden shows: the frame after it is the frame before it, and it
    /// asked for no tick or job whose result a later frame could show. Its golden would be the same without it, so
    /// it guards nothing; `snapshot` and the snapshot tests warn of it (a scenario may mean to show that a key is
    /// ignored, so it is no error).
    package struct IdleStep: Equatable, CustomStringConvertible {
        /// The step's place among the scenario's steps, from 0.
        package var index: Int
        /// The step.
        package var step: Scenario.Step
        /// Whether the screen refused it with the bell, rather than ignoring it.
        package var refused: Bool

        /// One line: `step 1 (x) did nothing: the screen ignored the key`.
        package var description: String {
            let verb = refused ? "refused" : "ignored"
            let what: String
            switch step {
            case .press(_, let times): what = "the screen \(verb) the \(times == 1 ? "key" : "keys")"
            case .type: what = "the screen \(verb) the text"
            case .line: what = "the screen \(verb) the command"
            case .wait: what = "no tick came due that changed the screen"
            case .resize: what = "the screen didn't change"
            }
            return "step \(index + 1) (\(StepText.text([step]))) did nothing: \(what)"
        }
    }
}

/// What the session showed and had asked for as each step of a scenario began, and as the last one ended: two
/// marks alike around a step make it idle.
struct StepMarks {
    private struct Mark {
        var frame: Frame
        var asked: EventLoop.Asked
    }

    /// When each step starts, then when the last one ends.
    private let times: [Duration]
    private var marks: [Mark?]
    private var next = 0

    init(times: [Duration]) {
        self.times = times
        marks = Array(repeating: nil, count: times.count)
    }

    /// Notes the session as it stands at a time, before anything then is handled, for every step that starts by
    /// then.
    mutating func note(at time: Duration, _ session: Session, _ asked: EventLoop.Asked) {
        guard next < times.count, times[next] <= time else { return }
        let mark = Mark(frame: session.render(in: session.size), asked: asked)
        while next < times.count, times[next] <= time {
            marks[next] = mark
            next += 1
        }
    }

    /// The steps between two marks alike; a resize changes the golden's size, so it is never one. Steps the run
    /// never reached (the screen closed first) are left out.
    func idleSteps(of steps: [Scenario.Step]) -> [ScenarioRun.IdleStep] {
        steps.indices.compactMap { index in
            guard index + 1 < marks.count, let before = marks[index], let after = marks[index + 1],
                before.frame == after.frame, before.asked.later == after.asked.later
            else { return nil }
            if case .resize = steps[index] { return nil }
            return ScenarioRun.IdleStep(
                index: index, step: steps[index], refused: after.asked.bells > before.asked.bells)
        }
    }
}
