/// CatalogKit: the registry, folding, search index, ordering, grouping and tree model. No I/O, no terminal.
public enum CatalogKit {
    /// The version printed by `catalog --version`.
    public static let version = "0.2.0"
}
