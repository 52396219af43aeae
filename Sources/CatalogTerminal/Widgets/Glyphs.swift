import CatalogKit

/// The characters widgets draw with: Unicode, or an ASCII fallback for terminals whose locale isn't UTF-8.
///
/// Widgets take a `Glyphs` value instead of choosing for themselves, so a test picks the set it asserts against
/// and the launcher picks once, from the environment, with ``detect(environment:)``.
public struct Glyphs: Sendable, Hashable {
    /// Before a collapsed group: `▸`.
    public var collapsed: String
    /// Before an expanded group: `▾`.
    public var expanded: String
    /// Marks the chosen item: `✓`.
    public var checkmark: String
    /// An unchecked box: `☐`.
    public var unchecked: String
    /// A checked box: `☑`.
    public var checked: String
    /// A box whose group is partly checked: `▣`.
    public var mixed: String
    /// Marks a folder (a group) in file trees.
    public var folder: String
    /// Marks a file (a leaf) in file trees.
    public var file: String
    /// Marks the row under the cursor, so it shows even without colour: `›`.
    public var pointer: String
    /// After a pop-up button's value: `⌃⌄`.
    public var popUp: String
    /// A horizontal rule, repeated to draw separators and box edges: `─`.
    public var horizontal: String
    /// A box's vertical edge: `│`.
    public var vertical: String
    /// A box's corners: top left, top right, bottom left, bottom right.
    public var corners: [String]
    /// Shades from empty to full, for bars and for gradients without colour: ` ░▒▓█`.
    public var shades: [String]

    /// The Unicode set.
    public static let unicode = Glyphs(
        collapsed: "▸", expanded: "▾", checkmark: "✓", unchecked: "☐", checked: "☑", mixed: "▣", folder: "📁",
        file: "📄", pointer: "›", popUp: "⌃⌄", horizontal: "─", vertical: "│", corners: ["┌", "┐", "└", "┘"],
        shades: [" ", "░", "▒", "▓", "█"])

    /// The ASCII set, for terminals that can't show anything else.
    public static let ascii = Glyphs(
        collapsed: ">", expanded: "v", checkmark: "*", unchecked: "[ ]", checked: "[x]", mixed: "[-]", folder: "d",
        file: "-", pointer: ">", popUp: "^v", horizontal: "-", vertical: "|", corners: ["+", "+", "+", "+"],
        shades: [" ", ".", ":", "#", "@"])

    /// The box for a check state.
    ///
    /// - Parameter state: Checked, unchecked or mixed.
    /// - Returns: The glyph for it.
    public func box(_ state: CheckState) -> String {
        switch state {
        case .unchecked: return unchecked
        case .checked: return checked
        case .mixed: return mixed
        }
    }

    /// Chooses the set the locale can show: Unicode when it is UTF-8, ASCII otherwise.
    ///
    /// The locale is the first non-empty of `LC_ALL`, `LC_CTYPE` and `LANG`, as POSIX orders them; none at all
    /// means the "C" locale, which is ASCII.
    ///
    /// - Parameter environment: The process environment, passed in so tests can choose it.
    /// - Returns: ``unicode`` or ``ascii``.
    public static func detect(environment: [String: String]) -> Glyphs {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8") ? .unicode : .ascii
    }
}

extension Glyphs {
    /// The two cells before a row of a list: the pointer on the cursor's row, blank on the others.
    ///
    /// - Parameter isCursor: Whether the row is under the cursor.
    /// - Returns: Two cells of text.
    public func marker(_ isCursor: Bool) -> String { isCursor ? DisplayWidth.pad(pointer, to: 2) : "  " }
}

extension Glyphs {
    /// A spinner's steps, for work that runs on (a stream read, a build): braille dots, which every terminal with a
    /// Unicode font has.
    package static let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏").map(String.init)
}
