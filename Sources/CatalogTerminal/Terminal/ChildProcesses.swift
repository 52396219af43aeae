import Foundation
import Glibc
import Synchronization

/// The process groups the launcher has started (preview commands) and not yet reaped, so that however the process
/// ends, none of them outlives it.
///
/// A job that runs a command registers its group while it runs, and kills and reaps it itself when it is cancelled,
/// finishes, or the job runner shuts down. The table is for the one way out that skips all of that: a fatal signal
/// (SIGTERM, SIGHUP when the terminal closes, a crash). ``SignalGuard``'s handler then kills every group in it, with
/// only atomic loads and `kill(2)`, which are safe in a signal handler.
enum ChildProcesses {
    /// How many groups can be registered at once; a job that finds no room still kills its own group as usual.
    static let capacity = 64

    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<Atomic<Int32>> = {
        let slots = UnsafeMutablePointer<Atomic<Int32>>.allocate(capacity: capacity)
        for index in 0..<capacity { (slots + index).initialize(to: Atomic(0)) }
        return slots
    }()

    /// Which job runner started each slot's group (``running(for:_:)``), 0 for none: a runner that shuts down ends
    /// its own jobs' groups, not another's in the same process.
    nonisolated(unsafe) private static let owners: UnsafeMutablePointer<Atomic<Int>> = {
        let owners = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: capacity)
        for index in 0..<capacity { (owners + index).initialize(to: Atomic(0)) }
        return owners
    }()

    /// Makes the tables, so their first use is never in a signal handler (``SignalGuard/install()`` calls it).
    static func prepare() {
        _ = slots
        _ = owners
    }

    /// The key under which a thread keeps the runner whose job it is running.
    private static let ownerKey = "catalog.jobRunner"

    /// Runs a job's work on this thread as the given runner's: the groups it starts are that runner's.
    static func running<Result>(for owner: Int, _ work: () -> Result) -> Result {
        Thread.current.threadDictionary[ownerKey] = owner
        defer { Thread.current.threadDictionary.removeObject(forKey: ownerKey) }
        return work()
    }

    /// Registers a process group, as the job runner's whose job is running on this thread, if any.
    ///
    /// - Parameters:
    ///   - group: The group's id (its leader's pid).
    ///   - owner: Whose group it is, when not the running job's (``ShellCommand/backgroundOwner``).
    static func register(_ group: pid_t, owner: Int? = nil) {
        let owner = owner ?? Thread.current.threadDictionary[ownerKey] as? Int ?? 0
        for index in 0..<capacity {
            // A free slot's owner is 0 (``unregister(_:)``), so until the store below the group is no runner's.
            if slots[index].compareExchange(expected: 0, desired: group, ordering: .acquiringAndReleasing).exchanged {
                owners[index].store(owner, ordering: .releasing)
                return
            }
        }
    }

    /// Forgets a process group that has been killed and reaped.
    static func unregister(_ group: pid_t) {
        for index in 0..<capacity where slots[index].load(ordering: .acquiring) == group {
            owners[index].store(0, ordering: .releasing)
            if slots[index].compareExchange(expected: group, desired: 0, ordering: .acquiringAndReleasing).exchanged {
                return
            }
        }
    }

    /// The groups registered now, for tests.
    static var registered: [pid_t] {
        (0..<capacity).map { slots[$0].load(ordering: .acquiring) }.filter { $0 > 0 }
    }

    /// Sends SIGKILL to every registered group. Async-signal-safe.
    static func killAll() {
        for index in 0..<capacity {
            let group = slots[index].load(ordering: .acquiring)
            if group > 0 { kill(-group, SIGKILL) }
        }
    }

    /// Sends SIGKILL to every registered group and to the groups its processes started, as the job runner shuts
    /// down: a build's compilers run in groups of their own, which the build's group alone would leave running.
    /// Not for a signal handler: it reads `/proc`.
    ///
    /// - Parameter owner: The runner whose jobs' groups these are (``running(for:_:)``).
    static func killAllWithDescendants(of owner: Int) {
        killWithDescendants(groups(of: owner))
    }

    /// The groups registered now as an owner's.
    private static func groups(of owner: Int) -> [pid_t] {
        (0..<capacity).compactMap { index -> pid_t? in
            let group = slots[index].load(ordering: .acquiring)
            return group > 0 && owners[index].load(ordering: .acquiring) == owner ? group : nil
        }
    }

    /// Sends SIGKILL to groups and to the groups their processes started.
    private static func killWithDescendants(_ groups: [pid_t]) {
        for group in groups + descendantGroups(of: groups) { kill(-group, SIGKILL) }
    }

    /// Forgets an owner's groups that have no process left, so their places can be taken and their ids, which the
    /// system may give out again, are never signalled.
    static func forgetEnded(of owner: Int) {
        for index in 0..<capacity where owners[index].load(ordering: .acquiring) == owner {
            let group = slots[index].load(ordering: .acquiring)
            if group > 0, kill(-group, 0) != 0, errno == ESRCH { unregister(group) }
        }
    }

    /// Kills an owner's groups as ``killAllWithDescendants(of:)`` does, and forgets them.
    static func end(groupsOf owner: Int) {
        forgetEnded(of: owner)
        let groups = groups(of: owner)
        guard !groups.isEmpty else { return }
        killWithDescendants(groups)
        groups.forEach(unregister)
    }

    /// The process groups of a process's descendants that left its group, found while it still holds them: once it
    /// exits they belong to init, and nothing links them to it. `swift build` runs each compiler in a group of its
    /// own, and a `setsid` in a preview command starts one too.
    ///
    /// - Parameter roots: The processes, each a group leader.
    /// - Returns: The groups, never a root's own or the launcher's; empty where there is no `/proc`.
    /// - Complexity: O(p) for the p processes on the system, each read once from `/proc`, however many roots.
    static func descendantGroups(of roots: [pid_t]) -> [pid_t] {
        guard !roots.isEmpty else { return [] }
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var children: [pid_t: [(pid: pid_t, group: pid_t)]] = [:]
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), let (parent, group) = parentAndGroup(of: pid) else { continue }
            children[parent, default: []].append((pid, group))
        }
        let excluded = Set(roots + [getpgrp()])
        var groups: [pid_t] = []
        var pending = roots
        var seen = Set(roots)
        while let next = pending.popLast() {
            for child in children[next] ?? [] where seen.insert(child.pid).inserted {
                pending.append(child.pid)
                if !excluded.contains(child.group) && !groups.contains(child.group) { groups.append(child.group) }
            }
        }
        return groups
    }

    /// A process's parent and group, from `/proc/PID/stat`: the fields after the command name, which ends at the
    /// line's last `)` (a name may hold spaces and parentheses).
    private static func parentAndGroup(of pid: pid_t) -> (parent: pid_t, group: pid_t)? {
        let file = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = read(file, &buffer, buffer.count)
        guard count > 0, let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        // ") S PPID PGRP …"
        let fields = buffer[(close + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count >= 3, let parent = pid_t(String(decoding: fields[1], as: UTF8.self)),
            let group = pid_t(String(decoding: fields[2], as: UTF8.self))
        else { return nil }
        return (parent, group)
    }
}
