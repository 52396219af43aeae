import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Times the interactive launcher as a person meets it: the real `catalog` binary on a million-line file under a
/// pseudo-terminal, from start to the first frame, to the loaded menu, and from each keystroke to the frame that
/// shows its results.
enum LauncherLatency {
    struct Figures {
        var firstFrame: Double
        var loaded: Double
        var keystrokes: [(String, Double)]
    }

    static func measure(catalog: String, file: String) -> Figures? {
        var master: Int32 = -1
        var slave: Int32 = -1
        var window = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &window) == 0 else { return nil }
        var name = [CChar](repeating: 0, count: 256)
        guard ttyname_r(slave, &name, name.count) == 0 else { return nil }
        close(slave)
        defer { close(master) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID: the pty becomes the controlling terminal
        let arguments = [catalog, "--file", file]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let environment = ["TERM=xterm-256color", "NO_COLOR=1", "LANG=C.UTF-8"]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        guard posix_spawn(&pid, catalog, &actions, &attributes, &argv, &envp) == 0 else { return nil }
        var screen: [UInt8] = []
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        /// Reads until the output since `mark` contains `text`; returns the time it appeared.
        func wait(for text: String, since mark: Int) -> ContinuousClock.Instant? {
            let needle = Array(text.utf8)
            var buffer = [UInt8](repeating: 0, count: 65536)
            let deadline = clock.now.advanced(by: .seconds(20))
            while clock.now < deadline {
                if screen.count - mark >= needle.count,
                    screen[mark...].firstRange(of: needle) != nil
                {
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
        defer {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        guard let first = wait(for: "Catalog", since: 0) else { return nil }
        guard let loaded = wait(for: "1,000,000 entries", since: 0) else { return nil }
        var keystrokes: [(String, Double)] = []
        var typed = ""
        for character in "grid picker" {
            typed.append(character)
            let mark = screen.count
            let sent = clock.now
            _ = Array(String(character).utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            let expected = typed.hasSuffix(" ") ? "“\(typed)”" : "match “\(typed)”"
            guard let shown = wait(for: expected, since: mark) else { return nil }
            keystrokes.append((typed, seconds(shown - sent)))
        }
        return Figures(firstFrame: seconds(first - start), loaded: seconds(loaded - start), keystrokes: keystrokes)
    }
}
