/// What the event loop needs of a terminal: its size, a clock, raw mode, writing frames, and waiting for input.
///
/// The real one is on file descriptors, `poll(2)` and signals. `VirtualTerminal` takes scripted input at virtual
/// times and records every write, so the whole loop (the Escape timeout, ticks, flashes, jobs, resizes, suspend) runs
/// in tests, scenarios and recordings in microseconds, with no sleeps.
package protocol Terminaling: AnyObject {
    /// The window's size, or `nil` when the terminal won't say.
    func size() -> Size?

    /// The time on a monotonic clock, from any fixed start.
    var now: Duration { get }

    /// Enters the launcher's mode (raw input, the alternate screen or an inline region, hidden cursor); calling it
    /// again after a suspend enters it again.
    func enter() throws

    /// Restores the terminal as the user had it; does nothing when already restored.
    func leave()

    /// Writes the bytes of a frame, all of them.
    ///
    /// - Throws: When the terminal has gone away.
    func write(_ text: String) throws

    /// Waits for something to happen, or until the timeout passes.
    ///
    /// - Parameters:
    ///   - timeout: The longest to wait; `nil` waits for ever.
    ///   - jobs: The descriptor that turns readable when a job finishes, if there is one.
    ///   - sources: The descriptor that turns readable when source files change (`--watch`), if there is one.
    /// - Returns: What happened; empty when the timeout passed.
    func wait(timeout: Duration?, jobs: Int32?, sources: Int32?) -> TerminalInput

    /// Gives the terminal back to the user's shell and stops the process until it is continued (Ctrl-Z, then `fg`).
    /// On return the terminal is in the launcher's mode again.
    func suspend() throws

    /// Runs a shell command to its end (fzf's `execute`): with the terminal restored to the user's mode while it
    /// runs, and the launcher's mode entered again after; or, `silent`, with no terminal at all.
    func execute(_ command: String, shell: String, silent: Bool)

    /// Makes the launcher's area fit a window that changed size, before the next frame is drawn in full: an inline
    /// region is cleared and made again at its new height (the terminal may have reflowed the old one).
    func prepareForResize() throws

    /// ``prepareForResize()``, told the row of the launcher's area that the last frame left the cursor on, so an
    /// inline region is found where the terminal moved it (a terminal that reflows or scrolls its lines on a resize
    /// keeps the cursor on its line, but not a saved position).
    func prepareForResize(cursorRow: Int) throws

    /// The window row, from 0, that the launcher's first row is on: 0 for the whole window, and for an inline
    /// region the row the terminal reported for it. Mouse reports count rows from the window's top; the loop moves
    /// them by this much.
    var regionTop: Int { get }
}

extension Terminaling {
    /// A terminal whose whole window is the launcher's needs nothing before a full frame.
    public func prepareForResize() throws {}

    /// A terminal that doesn't need the cursor's row prepares as ``prepareForResize()`` does.
    public func prepareForResize(cursorRow: Int) throws { try prepareForResize() }

    /// A terminal whose whole window is the launcher's starts at its top.
    public var regionTop: Int { 0 }
}

/// What a terminal reports after a wait.
package struct TerminalInput: Sendable, Equatable {
    /// Bytes typed, in the order they arrived.
    public var bytes: [UInt8] = []
    /// Whether the window changed size.
    public var resized = false
    /// Whether the process was continued after a stop, so the terminal must be entered again and redrawn in full.
    public var resumed = false
    /// Whether the jobs' descriptor turned readable.
    public var jobsReady = false
    /// Whether the source watch's descriptor turned readable (`--watch`).
    public var sourcesReady = false
    /// Whether the terminal has gone away (end of input, or an error reading it).
    public var closed = false
    /// A line-mode command for the screen in front: scenarios give them; a real terminal never does.
    public var line: String?

    public init(
        bytes: [UInt8] = [], resized: Bool = false, resumed: Bool = false, jobsReady: Bool = false,
        sourcesReady: Bool = false, closed: Bool = false
    ) {
        self.sourcesReady = sourcesReady
        self.bytes = bytes
        self.resized = resized
        self.resumed = resumed
        self.jobsReady = jobsReady
        self.closed = closed
    }

    /// Whether nothing happened: the wait timed out.
    public var isEmpty: Bool {
        bytes.isEmpty && !resized && !resumed && !jobsReady && !sourcesReady && !closed
            && line == nil
    }
}
