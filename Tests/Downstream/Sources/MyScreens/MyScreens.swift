import CatalogCommand

/// This package's screens, registered in one call so the executable and the tests needn't know them.
public enum MyScreens {
    public static func register(in registry: Registry<any Screen>) throws {
        try registerCounter(in: registry)
        try registerSignupForm(in: registry)
    }
}
