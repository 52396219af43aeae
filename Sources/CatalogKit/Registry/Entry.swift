/// One registered entry: a titled item in a group path, and the factory that builds what it opens.
///
/// `Handler` is whatever the entry opens; the launcher uses `any Screen`. The factory runs only when the entry is
/// opened, so registering thousands of entries costs nothing until one is used.
public struct Entry<Handler>: Sendable, Identifiable {
    /// A stable, unique id. Defaults to the slug of the group path and title (`pickers/trees/outline-picker`),
    /// made when asked for: describing and registering an entry never builds it.
    public var id: String { explicitID ?? Slug.make(groups + [title]) }
    /// The id given when the entry was described, if any.
    let explicitID: String?
    /// The title shown in menus.
    public let title: String
    /// The groups from the root down, for example `["Pickers", "Trees"]`.
    public let groups: [String]
    /// Extra words that search matches.
    public let keywords: [String]
    /// A one-line description.
    public let summary: String
    /// Builds the handler when the entry is opened, with its controls' defaults.
    public let make: @Sendable () throws -> Handler
    /// The entry's typed parameters, in the order they were declared; empty for most entries.
    public let controls: [Control]
    /// Builds the handler from control values, for an entry that declares controls.
    private let build: (@Sendable (ControlValues) throws -> Handler)?
    /// Values other modules attach under their own keys, such as the launcher's scenarios.
    public var traits = EntryTraits()
    /// Where the entry was described, for the errors that name it.
    public let source: SourcePosition

    /// Describes an entry.
    ///
    /// - Parameters:
    ///   - title: The title; not empty and not only whitespace.
    ///   - groups: The group path from the root; each name not empty and not only whitespace.
    ///   - id: A stable id; `nil` uses the slug of groups and title.
    ///   - keywords: Extra words that search matches.
    ///   - summary: A one-line description.
    ///   - file: Where the entry is described; the caller's file by default.
    ///   - line: The line there.
    ///   - make: Builds the handler when the entry is opened.
    public init(
        _ title: String, in groups: [String] = [], id: String? = nil, keywords: [String] = [], summary: String = "",
        file: String = #fileID, line: Int = #line, make: @escaping @Sendable () throws -> Handler
    ) {
        self.init(
            title, groups, id, keywords, summary, controls: [], SourcePosition(file: file, line: line), make: make,
            build: nil)
    }

    /// Describes an entry with controls, whose factory receives their values.
    ///
    /// - Parameters:
    ///   - title: The title; not empty and not only whitespace.
    ///   - groups: The group path from the root; each name not empty and not only whitespace.
    ///   - id: A stable id; `nil` uses the slug of groups and title.
    ///   - keywords: Extra words that search matches.
    ///   - summary: A one-line description.
    ///   - controls: Typed parameters with defaults; each name once, each default one its control takes.
    ///   - file: Where the entry is described; the caller's file by default.
    ///   - line: The line there.
    ///   - make: Builds the handler from the controls' values when the entry is opened.
    public init(
        _ title: String, in groups: [String] = [], id: String? = nil, keywords: [String] = [], summary: String = "",
        controls: [Control], file: String = #fileID, line: Int = #line,
        make: @escaping @Sendable (ControlValues) throws -> Handler
    ) {
        // A registered entry's defaults were checked; an unregistered one's bad default reaches the factory's error.
        self.init(
            title, groups, id, keywords, summary, controls: controls, SourcePosition(file: file, line: line),
            make: { try Self.build(make, ControlValues(controls)) }, build: make)
    }

    /// The one place an entry's parts are stored; an entry without controls keeps no second factory, so a
    /// million of them cost no more than before controls.
    private init(
        _ title: String, _ groups: [String], _ id: String?, _ keywords: [String], _ summary: String,
        controls: [Control], _ source: SourcePosition, make: @escaping @Sendable () throws -> Handler,
        build: (@Sendable (ControlValues) throws -> Handler)?
    ) {
        self.source = source
        self.title = title
        self.groups = groups
        self.explicitID = id
        self.keywords = keywords
        self.summary = summary
        self.controls = controls
        self.make = make
        self.build = build
    }

    /// Builds the handler with control values, as `open --set` and scenarios do.
    ///
    /// - Parameter values: Values by control name, over the defaults; each must name a control and be one it takes.
    /// - Returns: The handler.
    /// - Throws: ``ControlValues/Error`` for a value the entry's controls don't take, or what the factory throws.
    public func make(setting values: [String: ControlValue]) throws -> Handler {
        try make(with: ControlValues(controls, setting: values))
    }

    /// Builds the handler with checked control values.
    ///
    /// - Parameter values: The values, made from this entry's controls.
    /// - Returns: The handler.
    /// - Throws: What the factory throws.
    public func make(with values: ControlValues) throws -> Handler {
        guard let build else { return try make() }
        return try Self.build(build, values)
    }

    /// Runs a factory on values, then reports a name it read that no control of its type has.
    ///
    /// - Throws: What the factory throws, or ``ControlValues/Error/misread(name:as:controls:)``.
    private static func build(
        _ factory: @Sendable (ControlValues) throws -> Handler, _ values: ControlValues
    ) throws -> Handler {
        let handler = try factory(values)
        try values.checkReads()
        return handler
    }

    /// The full path: group names and title joined with "/".
    public var path: String { (groups + [title]).joined(separator: "/") }
}

/// A place in a source file: where an entry was described, for the errors that name it.
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    /// The file, as `#fileID` gives it (`MyModule/Screens.swift`).
    public var file: String
    /// The line, from 1.
    public var line: Int

    /// A place in a source file.
    ///
    /// - Parameters:
    ///   - file: The file, as `#fileID` gives it (`MyScreens/Counter.swift`).
    ///   - line: The line, from 1.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `file:line`, as compilers print a place.
    public var description: String { "\(file):\(line)" }
}

/// Builds a list of entries from a block of `Entry` expressions, for registering a module's entries at once.
@resultBuilder
public enum EntriesBuilder<Handler> {
    /// One entry.
    public static func buildExpression(_ entry: Entry<Handler>) -> [Entry<Handler>] { [entry] }
    /// Entries made elsewhere, such as in a loop.
    public static func buildExpression(_ entries: [Entry<Handler>]) -> [Entry<Handler>] { entries }
    /// The entries of a block, in order.
    public static func buildBlock(_ parts: [Entry<Handler>]...) -> [Entry<Handler>] { parts.flatMap { $0 } }
    /// The entries of an `if` without `else`, or none.
    public static func buildOptional(_ part: [Entry<Handler>]?) -> [Entry<Handler>] { part ?? [] }
    /// The entries of an `if` branch.
    public static func buildEither(first part: [Entry<Handler>]) -> [Entry<Handler>] { part }
    /// The entries of an `else` branch.
    public static func buildEither(second part: [Entry<Handler>]) -> [Entry<Handler>] { part }
    /// The entries of a `for` loop, in order.
    public static func buildArray(_ parts: [[Entry<Handler>]]) -> [Entry<Handler>] { parts.flatMap { $0 } }
}

/// Default ids: readable, stable slugs of a group path and title.
package enum Slug {
    /// Makes a slug: each component folded, runs of anything but letters and digits turned into "-", and the
    /// components joined with "/". "Pickers", "Outline Picker" → `pickers/outline-picker`; "체크박스 트리" →
    /// `체크박스-트리`.
    ///
    /// - Parameter components: Group names and title.
    /// - Returns: The slug.
    public static func make(_ components: [String]) -> String {
        var maker = Maker()
        var bytes: [UInt8] = []
        for (position, component) in components.enumerated() {
            if position > 0 { bytes.append(0x2F) }
            maker.forEachByte(of: component) { bytes.append($0) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The ``IDHash`` of `make(groups + [title])`, computed as the slug's bytes are made, without keeping them.
    ///
    /// - Parameter maker: A maker to reuse across many entries, so its folding and letter caches stay warm.
    /// - Complexity: O(length of the names).
    static func hash(groups: [String], title: String, using maker: inout Maker) -> UInt64 {
        var hasher = IDHash()
        for group in groups {
            maker.forEachByte(of: group) { hasher.add($0) }
            hasher.add(0x2F)
        }
        maker.forEachByte(of: title) { hasher.add($0) }
        return hasher.value
    }

    /// Makes the bytes of slug components, with its own ``Folder`` and a cache of which scalars are letters or
    /// digits, so many components cost a table lookup per scalar. Give each thread its own.
    struct Maker {
        private var folder = Folder()
        private var folded: [UInt8] = []
        /// Per BMP scalar: 0 not looked at, 1 kept (a letter or digit), 2 a separator.
        private var kinds: [UInt8] = []

        /// Calls `body` with each byte of one component's slug: the component folded, letters and digits kept,
        /// a "-" for each run of anything else between them, and "_" when nothing is left.
        mutating func forEachByte(of text: String, _ body: (UInt8) -> Void) {
            var pendingDash = false
            var wrote = false
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                for byte in text.utf8 {
                    let lower = byte | (byte &- 0x41 < 26 ? 0x20 : 0)
                    if lower &- 0x61 < 26 || byte &- 0x30 < 10 {
                        if pendingDash && wrote { body(0x2D) }
                        body(lower)
                        wrote = true
                        pendingDash = false
                    } else {
                        pendingDash = true
                    }
                }
            } else {
                folded.removeAll(keepingCapacity: true)
                var text = text
                text.withUTF8 { _ = folder.append($0, to: &folded) }
                // Folded text is valid UTF-8: walk its scalars where they lie, and copy the kept ones' bytes.
                let bytes = folded
                bytes.withUnsafeBufferPointer { bytes in
                    var index = 0
                    while index < bytes.count {
                        let (value, length) =
                            bytes[index] < 0x80 ? (UInt32(bytes[index]), 1) : Folder.decode(bytes, at: index) ?? (0, 1)
                        if isKept(value) {
                            if pendingDash && wrote { body(0x2D) }
                            for offset in index..<index + length { body(bytes[offset]) }
                            wrote = true
                            pendingDash = false
                        } else {
                            pendingDash = true
                        }
                        index += length
                    }
                }
            }
            if !wrote { body(0x5F) }
        }

        /// Whether a scalar is kept in a slug: a letter or a digit of any script.
        private mutating func isKept(_ value: UInt32) -> Bool {
            guard value < 0x10000 else { return Maker.keeps(value) }
            if kinds.isEmpty { kinds = [UInt8](repeating: 0, count: 0x10000) }
            if kinds[Int(value)] == 0 { kinds[Int(value)] = Maker.keeps(value) ? 1 : 2 }
            return kinds[Int(value)] == 1
        }

        private static func keeps(_ value: UInt32) -> Bool {
            guard let scalar = Unicode.Scalar(value) else { return false }
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }
}

/// A 64-bit FNV-1a hash of an id's UTF-8 bytes, fed a byte at a time, so a slug can be hashed as it is made;
/// stable across runs and machines, unlike `Hasher`, so files can be named by it too.
package struct IDHash {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    @inline(__always)
    mutating func add(_ byte: UInt8) { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }

    /// The hash of a string's bytes.
    package static func of(_ text: String) -> UInt64 {
        var hasher = IDHash()
        for byte in text.utf8 { hasher.add(byte) }
        return hasher.value
    }
}
