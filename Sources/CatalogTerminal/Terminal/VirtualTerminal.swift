import Glibc

/// A terminal on a virtual clock: scripted input at virtual times, and a record of every write.
///
/// The event loop runs against it exactly as against the real terminal, in microseconds and with no sleeps: time
/// moves only when the loop waits, straight to the next scripted input or the end of the wait. When the script is
/// used up and the loop would wait for ever, it reports the terminal closed, so every run ends. Tests drive the loop
/// with it; scenarios, snapshots and recordings run screens on it, so they are the same on every machine.
///
/// ```swift
/// let terminal = VirtualTerminal(size: Size(columns: 40, rows: 10))
/// terminal.type([0x1B], at: .milliseconds(5))        // a lone Escape
/// terminal.type("q", at: .milliseconds(100))
/// var loop = EventLoop(session: session, terminal: terminal, jobs: InlineJobs(), renderer: Renderer(colorMode: .none))
/// let status = try loop.run()
/// #expect(terminal.screenText.contains("…"))
/// ```
package final class VirtualTerminal: Terminaling {
    /// Something scheduled at a virtual time.
    private struct Scheduled {
        var time: Duration
        var input: TerminalInput
        var newSize: Size?
        var action: (() -> Void)?
    }

    /// The window's size now.
    public private(set) var windowSize: Size
    public private(set) var now: Duration = .zero
    /// Whether the terminal is in the launcher's mode.
    public private(set) var isEntered = false
    /// How many times it was entered and left.
    public private(set) var enterCount = 0
    public private(set) var leaveCount = 0
    /// How many times the loop suspended (Ctrl-Z).
    public private(set) var suspendCount = 0
    /// Every write, in order, with the virtual time it happened at and the window's size then.
    public private(set) var writes: [(time: Duration, bytes: String, size: Size)] = []
    /// The timeout of every wait, in order (`nil` for waiting for ever).
    public private(set) var waits: [Duration?] = []
    /// The window row the launcher's region starts on, as an inline region below a prompt would.
    public var regionTop = 0
    private var script: [Scheduled] = []

    /// Creates a virtual terminal.
    ///
    /// - Parameter size: The window's size.
    public init(size: Size = .standard) {
        windowSize = size
    }

    // MARK: Scripting

    /// Types bytes at a virtual time (they arrive in one read).
    public func type(_ bytes: [UInt8], at time: Duration) {
        schedule(Scheduled(time: time, input: TerminalInput(bytes: bytes)))
    }

    /// Types text at a virtual time.
    public func type(_ text: String, at time: Duration) {
        type(Array(text.utf8), at: time)
    }

    /// Types keys one read each, `spacing` apart, starting at a time.
    public func type(each text: String, from time: Duration, spacing: Duration = .milliseconds(50)) {
        for (offset, character) in text.enumerated() {
            type(String(character), at: time + spacing * offset)
        }
    }

    /// Gives the screen in front a line-mode command at a virtual time, as a scenario's ``Scenario/Step/line(_:)``
    /// does.
    public func command(_ line: String, at time: Duration) {
        var input = TerminalInput()
        input.line = line
        schedule(Scheduled(time: time, input: input))
    }

    /// Resizes the window at a virtual time.
    public func resize(to size: Size, at time: Duration) {
        schedule(Scheduled(time: time, input: TerminalInput(resized: true), newSize: size))
    }

    /// Continues the process at a virtual time, as after an outside SIGTSTP and `fg`.
    public func resume(at time: Duration) {
        schedule(Scheduled(time: time, input: TerminalInput(resumed: true)))
    }

    /// Closes the terminal at a virtual time.
    public func close(at time: Duration) {
        schedule(Scheduled(time: time, input: TerminalInput(closed: true)))
    }

    /// Saves source files at a virtual time: the loop's source watch turns readable (`--watch`).
    public func changeSources(at time: Duration) {
        schedule(Scheduled(time: time, input: TerminalInput(sourcesReady: true)))
    }

    /// Runs code at a virtual time (finishing held jobs, say), then wakes the loop as a finished job would.
    public func perform(at time: Duration, _ action: @escaping () -> Void) {
        schedule(Scheduled(time: time, input: TerminalInput(jobsReady: true), action: action))
    }

    private func schedule(_ item: Scheduled) {
        let index = script.firstIndex { $0.time > item.time } ?? script.count
        script.insert(item, at: index)
    }

    /// All bytes written, joined.
    public var output: String { writes.map(\.bytes).joined() }

    // MARK: Terminaling

    public func size() -> Size? { windowSize }

    public func enter() throws {
        isEntered = true
        enterCount += 1
    }

    public func leave() {
        guard isEntered else { return }
        isEntered = false
        leaveCount += 1
    }

    public func write(_ text: String) throws {
        writes.append((now, text, windowSize))
    }

    public func wait(timeout: Duration?, jobs: Int32?, sources: Int32?) -> TerminalInput {
        waits.append(timeout)
        // A real job runner's result that is already in is taken at once, as a real terminal's poll would.
        if let jobs {
            var poller = pollfd(fd: jobs, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 0) == 1 { return TerminalInput(jobsReady: true) }
        }
        if let next = script.first, timeout.map({ next.time <= now + $0 }) ?? true {
            script.removeFirst()
            now = max(now, next.time)
            if let size = next.newSize { windowSize = size }
            next.action?()
            return next.input
        }
        guard let timeout else { return TerminalInput(closed: true) }
        now += timeout
        return TerminalInput()
    }

    /// The shell commands run (fzf's `execute`), with whether each was silent; none is really run.
    public private(set) var executed: [(command: String, silent: Bool)] = []

    /// Records the command and, unless it is silent, leaves and enters again, as the real terminal does around it.
    public func execute(_ command: String, shell: String, silent: Bool) {
        executed.append((command, silent))
        guard !silent else { return }
        leave()
        try? enter()
    }

    public func suspend() throws {
        leave()
        suspendCount += 1
        try enter()
    }
}
