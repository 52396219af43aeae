import Foundation

/// The launcher's own words on screen: the menu's footer, status line and help, the help overlay, the launcher's
/// keys and messages, and the controls pane. One table per language, in the files beside this one; the cases are
/// documented with their English text. Script output (`list`, `search`, `--json`, `--help`, errors on standard
/// error) stays English and doesn't come from here.
package enum LauncherWords: CaseIterable, Sendable {
    /// close this screen
    case closeScreen
    /// show the keys
    case showKeys
    /// next language
    case nextLanguage
    /// colour on/off
    case colourOnOff
    /// leave at once (status 130)
    case leaveAtOnce
    /// suspend; fg comes back
    case suspend
    /// link: the command that reopens this state
    case linkKey
    /// capture this state as a scenario
    case captureKey
    /// Links are off here.
    case linksOff
    /// Open an entry first: a link reopens an entry's screen.
    case noLink
    /// F9 with no entry open: open an entry first
    case noCapture
    /// F7 with no entry open: open an entry first
    case noEntryControls
    /// Commands:
    case lineCommandsTitle
    /// quit
    case lineQuit
    /// go back: to the previous screen, out of the filter, or up a level
    case lineBack
    /// show this help
    case lineHelp
    /// print the command that reopens this screen as it is
    case lineLink
    /// This is the top level; type q to quit.
    case topLevel
    /// Unknown command “{line}”. Type a number to open, /text to filter, .. to go back, ? for help.
    case menuUnknownCommand
    /// There is no item {text}; nothing matches the filter.
    case noItemNoHits
    /// There is no item {text}; choose 1.
    case noItemOne
    /// There is no item {text}; choose 1 to {count}.
    case noItemRange
    /// … and {count} more; refine the filter.
    case moreHits
    /// Unknown command “{line}”. Type {commands}, or ? for help.
    case unknownCommandTry
    /// Unknown command “{line}”. ? for help.
    case unknownCommandHelp
    /// Give {what} from {low} to {high}.
    case giveNumber
    /// Give {what} from {low} to {high}, not “{text}”.
    case giveNumberNot
    /// {what} goes from {low} to {high}.
    case goesFrom
    /// F7 on an entry that declares no controls
    case noControls
    /// F7 on a screen an entry pushed: the pane belongs to the entry's own screen
    case controlsOnEntryScreen
    /// This screen binds {keys}, which Catalog keeps for itself; those bindings never fire.
    case reservedKeys
    /// Captured as a scenario: {scenario}
    case captured
    /// Captured in {file}; its Swift was sent to the clipboard
    case capturedIn
    /// Language: {name}
    case language
    /// Colour off
    case colourOff
    /// Colour on
    case colourOn
    /// Error: {message}
    case error
    /// This screen takes no commands; type .. to go back.
    case noLineCommands
    /// Keys for {title}
    case helpTitle
    /// ↑ {count} more lines
    case moreAbove
    /// ↓ {count} more lines
    case moreBelow
    /// ↑↓ scroll · any other key closes this help
    case helpHint
    /// Controls
    case controls
    /// controls: show them, or move between them and the screen
    case controlsKey
    /// on
    case on
    /// off
    case off
    /// {name} takes {accepts}
    case controlTakes
    /// move
    case footerMove
    /// open
    case footerOpen
    /// pick (what Enter does on an entry of a picker)
    case footerPick
    /// back
    case footerBack
    /// jump
    case footerJump
    /// clear
    case footerClear
    /// type to filter
    case footerTypeToFilter
    /// help
    case footerHelp
    /// move up
    case moveUp
    /// move down
    case moveDown
    /// page up
    case pageUp
    /// page down
    case pageDown
    /// first item; the caret to the start while filtering
    case firstItem
    /// last item; the caret to the end while filtering
    case lastItem
    /// open (a double click too)
    case openItem
    /// into a group; the caret right while filtering
    case intoGroup
    /// up a level; the caret left while filtering
    case upLevel
    /// back: clear the filter, up a level, or leave
    case backStep
    /// delete; up a level when the filter is empty
    case deleteBack
    /// delete forward
    case deleteForward
    /// delete forward; on an empty filter, leave
    case deleteForwardOrLeave
    /// caret left
    case caretLeft
    /// caret right
    case caretRight
    /// caret a word left
    case wordLeft
    /// caret a word right
    case wordRight
    /// delete to the start
    case deleteToStart
    /// delete a word back
    case deleteWordBack
    /// delete back to a space
    case deleteToSpace
    /// delete a word forward
    case deleteWordForward
    /// delete to the end
    case deleteToEnd
    /// put back what was deleted
    case putBack
    /// mark and move down (--multi)
    case markDown
    /// mark and move up (--multi)
    case markUp
    /// show or hide the preview
    case togglePreview
    /// scroll the preview up
    case previewUp
    /// scroll the preview down
    case previewDown
    /// scroll the preview a page up
    case previewPageUp
    /// scroll the preview a page down
    case previewPageDown
    /// make a favourite, or not
    case toggleFavourite
    /// switch exact and fuzzy matching
    case toggleExact
    /// type
    case typeLabel
    /// filter (digits too)
    case filterDigits
    /// filter
    case filter
    /// open that item while the filter is empty (not in a picker)
    case digitsOpen
    /// open item n
    case openItemN
    /// filter the whole catalog; / alone clears the filter
    case filterLine
    /// Recent
    case recent
    /// Favourites
    case favourites
    /// empty
    case empty
    /// fuzzy
    case fuzzy
    /// exact
    case exact
    /// {row}/{count}
    case position
    /// {count} marked
    case marked
    /// reading {source}
    case reading
    /// sorting
    case sorting
    /// standard input
    case standardInput
    /// Loading {source}…
    case loading
    /// Searching “{query}” in {total} entries…
    case searching
    /// Type to filter {total} {total|entry|entries}
    case typeToFilter
    /// No entries match “{query}”
    case noMatches
    /// {shown} of {total} entries match “{query}”
    case matches
    /// {count} {count|entry|entries}
    case entries
    /// {here} of {total} {total|entry|entries}
    case entriesHere
    /// ★ {title} is a favourite.
    case favouriteOn
    /// {title} is no longer a favourite.
    case favouriteOff
    /// Only an entry can be a favourite.
    case favouriteNeedsEntry
    /// History not saved: {message}
    case historyNotSaved
    /// Could not open “{title}”: {message}
    case couldNotOpen
    /// No room for the preview at {size}; make the terminal wider or taller.
    case noRoomForPreview
    /// keywords: {list}
    case keywords
    /// Could not preview: {message}
    case couldNotPreview
    /// Fuzzy matching: a term's characters in order
    case fuzzyOn
    /// Exact matching: a term is a substring
    case exactOn
    /// Hits best first
    case sortOn
    /// Hits in the list's order
    case sortOff
    /// as listed
    case asListed
    /// true or false
    case acceptsBoolean
    /// an integer from {low} to {high}
    case acceptsInteger
    /// a number from {low} to {high}
    case acceptsDecimal
    /// one of {list}
    case acceptsChoice
    /// any text
    case acceptsText
    /// Building {product}…
    case building
    /// {product} did not build: {count} {count|error|errors}
    case buildErrors
    /// {product} did not build or start (exit status {status})
    case buildFailed
    /// ↑↓ scroll · any other key closes · save again to rebuild
    case buildHint
    /// Rebuilt {product} in {seconds} s.
    case rebuilt
    /// Rebuilt, but “{title}” could not be reopened: {message}
    case reopenFailed
    /// Rebuilt, but “{title}” closed as its steps were replayed.
    case reopenClosed
    /// Rebuilt; the catalog no longer has “{id}”.
    case entryGone
    /// … and {count} more {count|error|errors}
    case moreErrors
    /// Rebuilt {product} in {seconds} s; “{title}” keeps its state in files, so it opened from what it saved.
    case reopenedSaved
    /// History is off (--no-history): no favourites.
    case historyOffAsked
    /// Standard input has no name to keep a history under: no favourites for it.
    case historyOffStandardInput
    /// History is off: no state directory (set XDG_STATE_HOME or HOME): no favourites.
    case historyOffNoDirectory
    /// Could not read the history '{path}': {reason}. It is left alone, and openings are not saved until it can be
    /// read; fix its permissions or move it away. Recents and favourites start empty.
    case historyUnreadable
    /// The history '{path}' is not one this program can read ({reason}); it was moved to '{aside}', and recents and
    /// favourites start empty.
    case historyMovedAside
    /// The history '{path}' is not one this program can read ({reason}), and it could not be moved aside:
    /// {message} Recents and favourites start empty.
    case historyNotMovedAside
    /// it is not a JSON object
    case historyNotJSON
    /// it has version {found}, and this program reads version {version}
    case historyOtherVersion
    /// it has no version, and this program reads version {version}
    case historyNoVersion
    /// its records are not in the expected form at '{place}'
    case historyRecordsAt
    /// its records are not in the expected form
    case historyRecords

    /// Every language's table.
    static let table = StringTable<LauncherWords>([
        "en": english,
        "de": german,
        "ru": russian,
        "ko": korean,
        "ja": japanese,
    ])

    /// The text in a locale's language, its arguments in place: ``StringTable/text(_:in:_:)``.
    package static func text(_ key: LauncherWords, in locale: Locale, _ arguments: [String: any Sendable] = [:])
        -> String
    {
        table.text(key, in: locale, arguments)
    }
}
