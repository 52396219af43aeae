import Glibc

/// The thin shell: runs a session full screen on a real terminal, with signals, threads and the clock wired in.
///
/// It is the composition root of ``EventLoop``: the real ``Terminal``, the ``SignalGuard`` that restores it however
/// the process ends, and the ``JobRunner`` that runs screens' jobs on background threads. Whether to run full screen
/// at all is decided once, before, by ``LaunchMode``.
package enum Shell {
    /// Runs a session full screen until it quits.
    ///
    /// The terminal is restored on every way out: a quit, an error, a signal, or a crash (see ``SignalGuard``).
    ///
    /// - Parameters:
    ///   - session: The session to run.
    ///   - input: The terminal to read keys from.
    ///   - output: The terminal to draw on.
    ///   - colorMode: How much colour the terminal shows.
    ///   - mouse: Whether to turn on mouse reporting.
    ///   - height: A region of this height below the prompt instead of the whole screen (`--height`).
    ///   - resuming: For a session a link's replay left, its ticks still due (``EventLoop/pendingTicks``).
    ///   - send: Where links and captures go.
    ///   - watch: With `--watch`: the watch, the build, and the program that replaces this process when a build
    ///     succeeds. The terminal is then not restored: it is handed over as it is (``Handover``).
    /// - Returns: The exit status (0 when the user quit, 130 after Ctrl-C, 1 when the terminal failed or went away,
    ///   with the reason in ``LineDriver/Outcome/failure``) and the final session.
    public static func run(
        session: Session, input: Int32, output: Int32, colorMode: ColorMode, mouse: Bool = true,
        height: InlineHeight? = nil, resuming: [(after: Duration, owner: Session.ScreenID)]? = nil,
        send: @escaping (Session.Outgoing) -> Void = { _ in }, watch: Watch? = nil
    ) -> LineDriver.Outcome {
        run(
            session: session, input: input, output: output, colorMode: colorMode, mouse: mouse, height: height,
            border: Border(.none), resuming: resuming, send: send, watch: watch)
    }

    /// ``run(session:input:output:colorMode:mouse:height:resuming:send:watch:)`` with fzf's `--border` around the
    /// launcher's area, and Ctrl-Z passed to the session rather than suspending unless `suspends`.
    package static func run(
        session: Session, input: Int32, output: Int32, colorMode: ColorMode, mouse: Bool = true,
        height: InlineHeight? = nil, border: Border, resuming: [(after: Duration, owner: Session.ScreenID)]? = nil,
        send: @escaping (Session.Outgoing) -> Void = { _ in }, watch: Watch? = nil, suspends: Bool = true
    ) -> LineDriver.Outcome {
        let signals = SignalGuard.install()
        defer { SignalGuard.uninstall() }
        let terminal: Terminal
        do {
            let mode: Terminal.Mode = height.map { .inline(height: $0, mouse: mouse) } ?? .fullScreen(mouse: mouse)
            terminal = try Terminal(
                input: input, output: output, signals: signals, mode: mode, inherited: watch?.inherited)
        } catch {
            return LineDriver.Outcome(status: 1, session: session, failure: "\(error)")
        }
        var session = session
        if let watch { session.watch(watch.rebuild) }
        var loop = EventLoop(
            session: session, terminal: terminal, jobs: JobRunner(),
            renderer: Renderer(colorMode: colorMode, positioning: terminal.mode.positioning), send: send,
            resuming: resuming, sources: watch?.sources)
        loop.border = border
        loop.suspends = suspends
        do {
            let status = try loop.run()
            if let reload = loop.session.reload, let watch {
                // The loop has stopped every job and child process; the terminal stays as it is for the new binary,
                // but for an inline region, which is cleared so the new one is made in its place.
                if case .inline = terminal.mode { try? terminal.write(terminal.mode.leaveSequence) }
                let handover = Handover(
                    settings: terminal.original, link: reload.link, build: reload.build,
                    environment: reload.environment, saved: reload.saved, menu: reload.menu)
                let failure = handover.exec(watch.program, arguments: watch.arguments, environment: watch.environment)
                terminal.leave()
                return LineDriver.Outcome(status: 1, session: loop.session, failure: failure)
            }
            return LineDriver.Outcome(
                status: status, session: loop.session, failure: status == 1 ? "the terminal went away" : nil)
        } catch {
            terminal.leave()
            return LineDriver.Outcome(status: 1, session: loop.session, failure: "\(error)")
        }
    }
}
