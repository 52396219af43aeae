/// One registered entry: a titled item in a group path, and the factory that builds what it opens.
///
/// `Handler` is whatever the entry opens; the launcher uses `any Screen`. The factory runs only when the entry is
/// opened, so registering thousands of entries costs nothing until one is used.
public struct Entry<Handler>: Sendable, Identifiable {
    /// A stable, unique id. Defaults to the slug of the group path and title (`pickers/trees/outline-picker`).
    public let id: String
    /// The title shown in menus.
    public let title: String
    /// The groups from the root down, for example `["Pickers", "Trees"]`.
    public let groups: [String]
    /// Extra words that search matches.
    public let keywords: [String]
    /// A one-line description.
    public let summary: String
    /// Builds the handler when the entry is opened.
    public let make: @Sendable () throws -> Handler
    /// Values other modules attach under their own keys, such as the launcher's scenarios.
    public var traits = EntryTraits()

    /// Describes an entry.
    ///
    /// - Parameters:
    ///   - title: The title; not empty and not only whitespace.
    ///   - groups: The group path from the root; each name not empty and not only whitespace.
    ///   - id: A stable id; `nil` uses the slug of groups and title.
    ///   - keywords: Extra words that search matches.
    ///   - summary: A one-line description.
    ///   - make: Builds the handler when the entry is opened.
    public init(
        _ title: String, in groups: [String] = [], id: String? = nil, keywords: [String] = [], summary: String = "",
        make: @escaping @Sendable () throws -> Handler
    ) {
        self.title = title
        self.groups = groups
        self.id = id ?? Slug.make(groups + [title])
        self.keywords = keywords
        self.summary = summary
        self.make = make
    }

    /// The full path: group names and title joined with "/".
    public var path: String { (groups + [title]).joined(separator: "/") }
}

/// Builds a list of entries from a block of `Entry` expressions, for registering a module's entries at once.
@resultBuilder
public enum EntriesBuilder<Handler> {
    public static func buildExpression(_ entry: Entry<Handler>) -> [Entry<Handler>] { [entry] }
    public static func buildExpression(_ entries: [Entry<Handler>]) -> [Entry<Handler>] { entries }
    public static func buildBlock(_ parts: [Entry<Handler>]...) -> [Entry<Handler>] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Entry<Handler>]?) -> [Entry<Handler>] { part ?? [] }
    public static func buildEither(first part: [Entry<Handler>]) -> [Entry<Handler>] { part }
    public static func buildEither(second part: [Entry<Handler>]) -> [Entry<Handler>] { part }
    public static func buildArray(_ parts: [[Entry<Handler>]]) -> [Entry<Handler>] { parts.flatMap { $0 } }
}

/// Default ids: readable, stable slugs of a group path and title.
public enum Slug {
    /// Makes a slug: each component folded, runs of anything but letters and digits turned into "-", and the
    /// components joined with "/". "Pickers", "Outline Picker" → `pickers/outline-picker`; "체크박스 트리" →
    /// `체크박스-트리`.
    ///
    /// - Parameter components: Group names and title.
    /// - Returns: The slug.
    public static func make(_ components: [String]) -> String {
        components.map(component).joined(separator: "/")
    }

    private static func component(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiComponent(text) }
        var slug = ""
        var pendingDash = false
        for scalar in Folding.fold(text).unicodeScalars {
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType != nil {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                slug.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "_" : slug
    }

    /// The same rule for ASCII text, byte by byte.
    private static func asciiComponent(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingDash = false
        for byte in text.utf8 {
            let lower = byte | (byte &- 0x41 < 26 ? 0x20 : 0)
            if lower &- 0x61 < 26 || byte &- 0x30 < 10 {
                if pendingDash && !bytes.isEmpty { bytes.append(0x2D) }
                bytes.append(lower)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return bytes.isEmpty ? "_" : String(decoding: bytes, as: UTF8.self)
    }
}
