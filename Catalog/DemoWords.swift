import CatalogTerminal
import Foundation

/// The built-in demos' words: labels, footers, help and messages, one table per language in the files beside this
/// one; the cases are documented with their English text. A demo reads its language from its environment
/// (`adopt(_:)`) and its context (`context.locale`).
enum DemoWords: CaseIterable, Sendable {
    /// move
    case move
    /// move down
    case moveDown
    /// change
    case change
    /// change down
    case changeDown
    /// next value
    case nextValue
    /// next field
    case nextField
    /// reset
    case reset
    /// expand or collapse
    case expandOrCollapse
    /// open
    case open
    /// close
    case close
    /// back
    case back
    /// none
    case none
    /// say hello
    case sayHello
    /// Hello to you too!
    case helloBack
    /// Hello, terminal!
    case helloTerminal
    /// play
    case play
    /// any key
    case anyKey
    /// pause
    case pause
    /// step frames
    case stepFrames
    /// restore the order
    case restoreOrder
    /// Paused at frame {step}. Space plays.
    case pausedAt
    /// Frame {step} · playing (any key pauses)
    case framePlaying
    /// Frame {step} · paused (Space plays)
    case framePaused
    /// Frame {step} · type s to step
    case frameLine
    /// count
    case count
    /// count down
    case countDown
    /// choose an accent colour
    case chooseAccent
    /// Accent colour
    case accentColour
    /// Blue
    case blue
    /// Green
    case green
    /// Orange
    case orange
    /// Pink
    case pink
    /// Purple
    case purple
    /// Counter
    case counter
    /// The counter goes from {low} to {high}.
    case counterRange
    /// There is no accent colour “{name}”. Choose one of {list}.
    case noAccent
    /// Not saved: {reason}
    case notSaved
    /// The saved counter {saved} is out of range, so it is {now} now.
    case savedCounterOutOfRange
    /// The saved accent colour “{saved}” is unknown, so it is {now} now.
    case savedAccentUnknown
    /// Could not read '{path}', so defaults are used: {reason}
    case settingsUnreadable
    /// '{path}' is not valid settings JSON, so defaults are used. It will be kept as settings.json.corrupt-<time>
    /// when the settings are first saved.
    case settingsNotJSON
    /// {reason} Settings last until you quit.
    case settingsInMemory
    /// '{path}' is a directory, not a settings file, so defaults are used. Move it away to save settings.
    case settingsDirectory
    /// check or uncheck
    case checkOrUncheck
    /// Checked: {list}
    case checkedList
    /// Checked {title}
    case checkedItem
    /// Unchecked {title}
    case uncheckedItem
    /// select or deselect
    case selectOrDeselect
    /// Selected: {count} of {total} items
    case selectedCount
    /// Selected {title}
    case selectedItem
    /// Deselected {title}
    case deselectedItem
    /// open or close
    case openOrClose
    /// Shipping
    case shipping
    /// Standard: 3–5 days
    case shippingStandard
    /// Express: next day
    case shippingExpress
    /// Returns
    case returns
    /// Free within 30 days
    case returnsFree
    /// Keep the receipt
    case returnsReceipt
    /// Warranty
    case warranty
    /// Two years on parts and labour
    case warrantyTerms
    /// cycle the preview
    case cyclePreview
    /// true colour
    case trueColour
    /// 256 colours
    case colours256
    /// 16 colours
    case colours16
    /// no colour (shades)
    case noColour
    /// Colour is off, so the preview shows shades; F3 turns colour on.
    case colourIsOff
    /// Preview: {mode}. Line mode always prints shades.
    case previewStatus
    /// Preview: {mode}
    case previewMode
    /// Sunset
    case sunset
    /// Ocean
    case ocean
    /// Rainbow
    case rainbow
    /// Grey
    case grey
    /// Plain
    case plain
    /// Bold
    case bold
    /// Dim
    case dim
    /// Underline
    case underline
    /// Reverse
    case reverse
    /// Accent
    case accent
    /// Styles: bold, dim, underline, reverse (shown on a terminal)
    case stylesLine
    /// choose
    case choose
    /// choose the next style
    case chooseNextStyle
    /// tap
    case tap
    /// tap with that style
    case tapStyle
    /// Light
    case light
    /// Medium
    case medium
    /// Heavy
    case heavy
    /// {style} tap ({count})
    case tapped
    /// {name}  (flash {ms} ms)
    case flashRow
    /// Taps: {count}
    case taps
    /// set the name
    case setName
    /// edit the name
    case editName
    /// choose the serving goals
    case chooseGoals
    /// name field
    case nameField
    /// Edit Task
    case editTask
    /// Name
    case name
    /// Serving Goals
    case servingGoals
    /// None
    case noGoals
    /// open the picker
    case openPicker
    /// pick
    case pick
    /// Category
    case category
    /// Category: {name}
    case categoryStatus
    /// Type open to choose a category.
    case typeOpen
    /// No Selection
    case noSelection
    /// start or pause
    case startOrPause
    /// add 10%
    case addPercent
    /// add n% (10% without n)
    case addAnyPercent
    /// Done.
    case doneMessage
    /// Running
    case running
    /// Done
    case done
    /// Paused
    case paused
    /// move by 5
    case moveBy5
    /// ends
    case ends
    /// the top end
    case topEnd
    /// set the value (0–100)
    case setValue
    /// Volume
    case volume
    /// more
    case more
    /// fewer
    case fewer
    /// set the quantity (0–10)
    case setQuantity
    /// Quantity
    case quantity
    /// The quantity goes from {low} to {high}.
    case quantityRange
    /// Row {row} has nothing to expand or collapse.
    case nothingToExpand
    /// a percentage
    case askPercentage
    /// a row number
    case askRowNumber
    /// a number of frames
    case askFrameCount
    /// a sample number
    case askSampleNumber
    /// a style number
    case askStyleNumber
    /// a quantity
    case askQuantity
    /// a value
    case askValue
    /// a section number
    case askSectionNumber
    /// a goal number
    case askGoalNumber
    /// a switch number
    case askSwitchNumber
    /// show a sample's width
    case measure
    /// {name}: “{text}” takes {cells} cells.
    case sampleTakes
    /// {cells} cells, {characters} characters
    case cellsAndCharacters
    /// Korean
    case koreanSample
    /// Japanese
    case japaneseSample
    /// Emoji
    case emoji
    /// flip
    case flip
    /// Wi-Fi
    case wifi
    /// Bluetooth
    case bluetooth
    /// Airplane Mode
    case airplaneMode
    /// Do Not Disturb
    case doNotDisturb
    /// field
    case field
    /// next day
    case nextDay
    /// previous day
    case previousDay
    /// set the date
    case setDate
    /// Date
    case date
    /// The date goes from {low} to {high}.
    case dateRange
    /// The date “{text}” does not exist.
    case noSuchDate
    /// Give a date from {low} to {high}, not “{text}”.
    case dateOutOfRange

    /// Every language's table.
    static let table = StringTable<DemoWords>([
        "en": english,
        "de": german,
        "ru": russian,
        "ko": korean,
        "ja": japanese,
    ])

    /// The text in a locale's language, its arguments in place: ``StringTable/text(_:in:_:)``.
    static func text(_ key: DemoWords, in locale: Locale, _ arguments: [String: any Sendable] = [:]) -> String {
        table.text(key, in: locale, arguments)
    }
}
