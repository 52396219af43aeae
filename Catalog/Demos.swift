import CatalogKit
import CatalogTerminal

/// The built-in demo screens.
public enum Demos {
    /// Registers every demo.
    public static func register(in registry: Registry<any Screen>) throws {}
}
