import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Times the interactive launcher as a person meets it: the real `catalog` binary on a catalog file under a
/// pseudo-terminal, from start to the first frame, to the loaded menu, and from each keystroke to the frame that
/// shows its results, with the process's peak memory once loaded.
enum LauncherLatency {
    struct Figures {
        var firstFrame: Double
        /// When the menu with the whole count first shows: a file's top level while its entries are still sorted
        /// ("1,000,000 entries · sorting"), where it has one, else the whole menu.
        var shown: Double
        /// When everything is in: the status line reads the count alone, and every key acts at once.
        var loaded: Double
        var keystrokes: [(String, Double)]
        /// Peak resident memory once loaded and after typing, in kilobytes.
        var peakKB: Int
    }

    /// Runs the launcher once.
    ///
    /// The picker matches fuzzily by default; it is run with `--exact`, where the build knows it, so its typing is
    /// timed against `fzf --exact` and the same hits.
    ///
    /// - Parameters:
    ///   - entries: The number of lines in `file`, as the launcher's status line shows it when loaded.
    static func measure(catalog: String, file: String, entries: Int, typing: String = "grid picker") -> Figures? {
        let exact = Processes.capture([catalog, "--help"]).contains("--exact") ? ["--exact"] : []
        guard let session = Session(arguments: [catalog, "--file", file] + exact, input: nil) else { return nil }
        defer { session.end() }
        guard let first = session.wait(for: "Catalog", since: 0) else { return nil }
        guard let shown = session.wait(for: "\(grouped(entries)) entries", since: 0) else { return nil }
        // The count with nothing after it but the line's end: no "· sorting" any more.
        guard let loaded = session.wait(for: "\(grouped(entries)) entries\u{1B}", since: 0) else { return nil }
        var keystrokes: [(String, Double)] = []
        var typed = ""
        for character in typing {
            typed.append(character)
            let mark = session.screen.count
            let sent = session.clock.now
            session.type(String(character))
            let expected = typed.hasSuffix(" ") ? "“\(typed)”" : "match “\(typed)”"
            guard let shown = session.wait(for: expected, since: mark) else { return nil }
            keystrokes.append((typed, seconds(shown - sent)))
        }
        return Figures(
            firstFrame: seconds(first - session.start), shown: seconds(shown - session.start),
            loaded: seconds(loaded - session.start), keystrokes: keystrokes, peakKB: Processes.peakKB(of: session.pid))
    }

    /// Runs the launcher once and types `query` as soon as its first frame shows, as someone who knows what they
    /// want does: the seconds from start to the frame that counts the query's hits among every entry of the file
    /// ("N of 1,000,000 entries match “src main”"), whether that frame comes while the entries sort or after.
    static func typedAtStart(catalog: String, file: String, entries: Int, query: String) -> Double? {
        let exact = Processes.capture([catalog, "--help"]).contains("--exact") ? ["--exact"] : []
        guard let session = Session(arguments: [catalog, "--file", file] + exact, input: nil) else { return nil }
        defer { session.end() }
        guard session.wait(for: "Catalog", since: 0) != nil else { return nil }
        session.type(query)
        guard let shown = session.wait(for: "of \(grouped(entries)) entries match “\(query)”", since: 0) else {
            return nil
        }
        return seconds(shown - session.start)
    }

    /// Runs interactive fzf (`--exact`) once and types `query` as soon as it starts: the seconds from start to its
    /// counter showing the query's hits among every line (their number found beforehand with `--filter`).
    static func fzfTypedAtStart(fzf: String, file: String, entries: Int, query: String) -> Double? {
        let count = Processes.filter(fzf: fzf, query: query, file: file, exact: true).filter { !$0.isEmpty }.count
        guard let session = Session(arguments: [fzf, "--exact"], input: file) else { return nil }
        defer { session.end() }
        guard session.wait(for: ">", since: 0) != nil else { return nil }
        session.type(query)
        guard let shown = session.wait(for: "\(count)/\(entries)", since: 0) else { return nil }
        return seconds(shown - session.start)
    }

    /// Runs the launcher once on the file read through a pipe (`cat FILE | catalog --file -`), as a slow producer's
    /// output arrives, and returns the times to its first frame and to the whole catalog shown.
    static func measureThroughPipe(catalog: String, file: String, entries: Int) -> (firstFrame: Double, loaded: Double)?
    {
        let script = "cat \(shellQuote(file)) | exec \(shellQuote(catalog)) --file -"
        guard let session = Session(arguments: ["/bin/sh", "-c", script], input: nil) else { return nil }
        defer { session.end() }
        guard let first = session.wait(for: "Catalog", since: 0) else { return nil }
        guard let loaded = session.wait(for: "\(grouped(entries)) entries\u{1B}", since: 0) else { return nil }
        return (seconds(first - session.start), seconds(loaded - session.start))
    }

    /// Runs interactive fzf on the same file until it has read every line, and returns its peak memory in kilobytes.
    static func fzfPeakKB(fzf: String, file: String, entries: Int) -> Int? {
        measureFzf(fzf: fzf, file: file, entries: entries, typing: "")?.peakKB
    }

    /// Runs interactive fzf (`--exact`, as the launcher matches) on a file: the time until it has read every line
    /// (its counter reads N/N), then from each keystroke to the counter that shows that keystroke's matches (their
    /// number found beforehand with `fzf --exact --filter`), and its peak memory once loaded and filtered.
    static func measureFzf(fzf: String, file: String, entries: Int, typing: String) -> Figures? {
        // The counts each prefix of the typing shows once searched.
        var expected: [String: Int] = [:]
        var prefix = ""
        for character in typing {
            prefix.append(character)
            if prefix.hasSuffix(" ") { continue }
            expected[prefix] =
                Processes.filter(fzf: fzf, query: prefix, file: file, exact: true)
                .filter { !$0.isEmpty }.count
        }
        guard let session = Session(arguments: [fzf, "--exact"], input: file) else { return nil }
        defer { session.end() }
        guard let loaded = session.wait(for: "\(entries)/\(entries)", since: 0) else { return nil }
        var keystrokes: [(String, Double)] = []
        var typed = ""
        for character in typing {
            typed.append(character)
            let mark = session.screen.count
            let sent = session.clock.now
            session.type(String(character))
            guard let count = expected[typed] else { continue }
            guard let shown = session.wait(for: "\(count)/\(entries)", since: mark) else { return nil }
            keystrokes.append((typed, seconds(shown - sent)))
        }
        let time = seconds(loaded - session.start)
        return Figures(
            firstFrame: time, shown: time, loaded: time, keystrokes: keystrokes,
            peakKB: Processes.peakKB(of: session.pid))
    }

    /// "1,000,000".
    static func grouped(_ count: Int) -> String {
        let digits = Array(String(count))
        var text = ""
        for (position, digit) in digits.enumerated() {
            if position > 0 && (digits.count - position) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// A process on a new pseudo-terminal, its output collected as it is read.
    final class Session {
        let clock = ContinuousClock()
        let start: ContinuousClock.Instant
        let pid: pid_t
        private let master: Int32
        private(set) var screen: [UInt8] = []

        /// Starts `arguments` with the terminal as its controlling terminal, standard output and error, and as
        /// standard input unless `input` names a file to read instead.
        init?(arguments: [String], input: String?) {
            var master: Int32 = -1
            var slave: Int32 = -1
            var window = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&master, &slave, nil, nil, &window) == 0 else { return nil }
            // Neither end may leak into the child: a child holding a master of its own never sees the terminal
            // hang up, so a launcher the benchmark left would run on with no parent.
            _ = fcntl(master, F_SETFD, FD_CLOEXEC)
            _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
            var name = [CChar](repeating: 0, count: 256)
            guard ttyname_r(slave, &name, name.count) == 0 else { return nil }
            close(slave)
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            posix_spawn_file_actions_addopen(&actions, 1, slavePath, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            if let input {
                posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
            } else {
                posix_spawn_file_actions_adddup2(&actions, 1, 0)
            }
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID: the pty becomes the controlling terminal
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            let environment = ["TERM=xterm-256color", "NO_COLOR=1", "LANG=C.UTF-8"]
            var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
            defer { for pointer in argv + envp { free(pointer) } }
            start = clock.now
            var pid: pid_t = 0
            guard posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp) == 0 else {
                close(master)
                return nil
            }
            self.pid = pid
            self.master = master
        }

        /// Reads until the output since `mark` contains `text`; returns the time it appeared.
        func wait(for text: String, since mark: Int) -> ContinuousClock.Instant? {
            let needle = Array(text.utf8)
            var buffer = [UInt8](repeating: 0, count: 65536)
            let deadline = clock.now.advanced(by: .seconds(300))
            while clock.now < deadline {
                if screen.count - mark >= needle.count, screen[mark...].firstRange(of: needle) != nil {
                    return clock.now
                }
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 100) > 0 else { continue }
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { return nil }
                screen += buffer[..<count]
            }
            return nil
        }

        func type(_ text: String) {
            _ = Array(text.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }

        /// Ends the whole process group (a shell, and the `cat` and `catalog` of its pipeline), then closes the
        /// terminal, so nothing the benchmark started outlives it.
        func end() {
            kill(-pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            close(master)
        }
    }
}
