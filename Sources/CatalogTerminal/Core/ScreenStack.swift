/// The open screens, the root first, each with the identity its work and time find it by.
///
/// The session's half that holds screens; the chrome (``Chrome``) is the other. It never changes what the user sees
/// by itself: the session decides, and draws.
struct ScreenStack {
    /// A screen's identity for as long as it is open.
    typealias ID = Session.ScreenID

    private(set) var entries: [(id: ID, screen: any Screen, title: String)] = []
    private var nextID = 0

    /// Creates a stack holding one screen.
    init(root: any Screen, title: String = "") {
        push(root, title: title)
    }

    /// The screens, the root first; never empty.
    var screens: [any Screen] { entries.map(\.screen) }

    /// How many are open.
    var count: Int { entries.count }

    /// The position of the screen in front.
    var topIndex: Int { entries.count - 1 }

    /// The screen in front.
    var top: any Screen { entries[topIndex].screen }

    /// The identity of the screen in front.
    var topID: ID { entries[topIndex].id }

    /// The identity of the screen at a position.
    func id(at index: Int) -> ID { entries[index].id }

    /// The position of a screen that is still open.
    func index(of id: ID) -> Int? { entries.firstIndex { $0.id == id } }

    /// Opens a screen in front.
    ///
    /// - Parameters:
    ///   - screen: The screen.
    ///   - title: Its entry's title, for the breadcrumb when the screen has none of its own.
    /// - Returns: Its position.
    @discardableResult
    mutating func push(_ screen: any Screen, title: String = "") -> Int {
        nextID += 1
        entries.append((ID(value: nextID), screen, title))
        return topIndex
    }

    /// A screen's title: its own, or its entry's.
    func title(at index: Int) -> String {
        let own = entries[index].screen.title
        return own.isEmpty ? entries[index].title : own
    }

    /// A screen's breadcrumb parts: its own, or its title.
    func breadcrumb(at index: Int) -> [String] {
        let own = entries[index].screen.breadcrumb
        if !own.isEmpty { return own }
        let title = title(at: index)
        return [title.isEmpty ? "Screen" : title]
    }

    /// Closes the screen in front, unless it is the only one.
    ///
    /// - Returns: The closed screen's identity.
    mutating func pop() -> ID? {
        guard entries.count > 1 else { return nil }
        return entries.removeLast().id
    }

    /// Gives an event to a screen.
    ///
    /// - Returns: What it asked for.
    /// - Throws: What it throws.
    mutating func deliver(_ event: Event, at index: Int, in context: ScreenContext) throws -> Action {
        try entries[index].screen.handle(event, in: context)
    }

    /// Changes the screen in front when it is of a type.
    ///
    /// - Returns: What the change returns, or `nil` when the screen in front is of another type.
    mutating func modifyTop<Kind: Screen, Result>(_ change: (inout Kind) -> Result) -> Result? {
        guard var screen = entries[topIndex].screen as? Kind else { return nil }
        let result = change(&screen)
        entries[topIndex].screen = screen
        return result
    }

    /// Gives a line-mode command to the screen in front.
    mutating func deliver(line: String, in context: ScreenContext) throws -> Action {
        try entries[topIndex].screen.handle(line: line, in: context)
    }

    /// The position of the entry's screen that a screen at a position belongs to: the nearest ``EntryScreen`` at or
    /// below it.
    func entryIndex(atOrBelow index: Int) -> Int? {
        (0...index).reversed().first { entries[$0].screen is EntryScreen }
    }

    /// Changes the recording of the entry's screen at a position.
    mutating func modifyRecording<Result>(at index: Int, _ change: (inout Recording) -> Result) -> Result? {
        guard var screen = entries[index].screen as? EntryScreen else { return nil }
        let result = change(&screen.recording)
        entries[index].screen = screen
        return result
    }

    /// Lets a screen go back to one of its breadcrumb parts.
    mutating func goBack(at index: Int, toBreadcrumb part: Int) {
        entries[index].screen.goBack(toBreadcrumb: part)
    }
}
