import CatalogKit
import Dispatch

/// What a menu lists: a live registry, whose entries open screens, or a fixed catalog (a file), whose entries
/// are picked and printed.
package struct MenuSource: Sendable {
    private enum Kind: Sendable {
        case registry(Registry<any Screen>)
        case fixed(Snapshot<any Screen>)
    }

    private let kind: Kind

    /// A menu over a registry; the menu refreshes when entries are registered while it runs.
    public static func registry(_ registry: Registry<any Screen>) -> MenuSource {
        MenuSource(kind: .registry(registry))
    }

    /// A menu over a fixed catalog, such as one read from a file.
    public static func fixed(_ snapshot: Snapshot<any Screen>) -> MenuSource { MenuSource(kind: .fixed(snapshot)) }

    /// The entries now.
    public func snapshot() -> Snapshot<any Screen> {
        switch kind {
        case .registry(let registry): return registry.snapshot()
        case .fixed(let snapshot): return snapshot
        }
    }

    /// Whether entries can change while the menu runs (a registry), so the menu checks for new ones.
    var isLive: Bool {
        if case .registry = kind { return true }
        return false
    }

    /// Whether the menu is a picker: its entries are printed, not opened, and digits are text for the filter.
    var picks: Bool { !isLive }

    /// Waits until the registry's generation is no longer `generation`, checking `isCancelled` every 100 ms.
    ///
    /// - Returns: Whether it changed; `false` when cancelled, and at once for a fixed catalog.
    func waitForChange(from generation: Int, isCancelled: JobCancellation) -> Bool {
        guard case .registry(let registry) = kind else { return false }
        let changed = DispatchSemaphore(value: 0)
        let observation = registry.observe { _ in changed.signal() }
        defer { observation.cancel() }
        // Observed first, then read: a registration between the two is seen either way.
        while registry.generation == generation {
            if isCancelled() { return false }
            _ = changed.wait(timeout: .now() + .milliseconds(100))
        }
        return true
    }

    /// The registry's generation, which changes when an entry is registered; `nil` for a fixed catalog.
    var generation: Int? {
        if case .registry(let registry) = kind { return registry.generation }
        return nil
    }
}
