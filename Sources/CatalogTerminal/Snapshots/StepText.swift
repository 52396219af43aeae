import CatalogKit

/// Scenario steps as one line of words, the form `catalog open --keys` takes, links carry and captures are kept in:
/// `up*3 type:hello space wait:500ms resize:100x30 f7 ctrl-a`.
///
/// Words, separated by spaces:
/// - a key by its name: `up`, `down`, `left`, `right`, `home`, `end`, `pgup`, `pgdn`, `enter`, `esc`, `tab`,
///   `btab`, `bspace`, `del`, `space`, `f1` to `f12`, `ctrl-a` to `ctrl-z`, or one character (`a`, `+`, `한`);
///   `ctrl-`, `alt-` and `shift-` before a name add the modifier (`alt-x`, `shift-up`, `ctrl-right`);
/// - a word followed by `*N` is pressed N times (`up*1234`);
/// - `type:TEXT` types text, `"…"` quoted when it holds a space, a quote or a backslash (`\"` and `\\` inside);
/// - `wait:500ms` or `wait:2s` lets the virtual clock run, delivering the ticks that come due;
/// - `resize:100x30` changes the terminal's size;
/// - the mouse, in the terminal's cells from 0 (the breadcrumb is row 0): `press@ROW,COL`, `release@…`, `drag@…`,
///   `wheel-up@…`, `wheel-down@…`; a button other than the left one follows the action (`press-right@3,4`).
package enum StepText {
    /// A word that can't be read, named in the message.
    package struct Problem: Error, CustomStringConvertible, Equatable {
        package var description: String
    }

    // MARK: Reading

    /// Reads a line of words into steps.
    ///
    /// - Parameter text: The words.
    /// - Returns: The steps, in order; repeated presses as one step.
    /// - Throws: ``Problem`` naming the first word that can't be read.
    package static func steps(_ text: String) throws -> [Scenario.Step] {
        var steps: [Scenario.Step] = []
        for word in try words(text) {
            let step = try self.step(word)
            if case .press(let key, let times) = step, case .press(let last, let before)? = steps.last, last == key {
                steps[steps.count - 1] = .press(key, times: before + times)
            } else {
                steps.append(step)
            }
        }
        return steps
    }

    /// The words of a line: at spaces, outside double quotes.
    private static func words(_ text: String) throws -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                word.append(character)
                escaped = false
            } else if quoted && character == "\\" {
                word.append(character)
                escaped = true
            } else if character == "\"" && (quoted || word.hasSuffix(":")) {
                word.append(character)
                quoted.toggle()
            } else if character.isWhitespace && !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if quoted { throw Problem(description: "a quote in '\(word)' is never closed.") }
        if !word.isEmpty { words.append(word) }
        return words
    }

    private static func step(_ word: String) throws -> Scenario.Step {
        if let text = word.dropPrefix("type:") { return .type(try unquoted(text, in: word)) }
        if let text = word.dropPrefix("line:") { return .line(try unquoted(text, in: word)) }
        if let text = word.dropPrefix("wait:") {
            guard let duration = duration(text) else {
                throw Problem(
                    description: "'\(word)' is no wait; write a time from 0 to a day (86400s), such as wait:500ms or "
                        + "wait:2s.")
            }
            return .wait(duration)
        }
        if let text = word.dropPrefix("resize:") {
            guard let size = Size(parsing: text) else {
                throw Problem(
                    description: "'\(word)' is no size; write COLSxROWS, each 1 to \(Scenario.largest), such as "
                        + "resize:100x30.")
            }
            return .resize(size)
        }
        var name = Substring(word)
        var times = 1
        if let star = word.lastIndex(of: "*"), star > word.startIndex, word.index(after: star) < word.endIndex {
            guard let count = Int(word[word.index(after: star)...]), (0...Scenario.mostPresses).contains(count) else {
                throw Problem(
                    description: "'\(word)' presses a key a number of times that isn't 0 to \(Scenario.mostPresses).")
            }
            name = word[..<star]
            times = count
        }
        guard let key = key(String(name)) else {
            throw Problem(
                description: "'\(name)' is not a key; use a name such as up, enter, esc, space, ctrl-a, f5 or one "
                    + "character, or a step: type:TEXT, wait:500ms, resize:100x30.")
        }
        return .press(key, times: times)
    }

    private static func unquoted(_ text: Substring, in word: String) throws -> String {
        guard text.first == "\"" else { return String(text) }
        guard text.count >= 2, text.last == "\"" else {
            throw Problem(description: "'\(word)' has text after its closing quote.")
        }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped || character != "\\" {
                result.append(character)
                escaped = false
            } else {
                escaped = true
            }
        }
        return result
    }

    /// A time as `wait:` writes it, `500ms` or `2s`, from 0 to a day; `nil` for anything else.
    package static func duration(_ text: Substring) -> Duration? {
        // At most a day either way: a replay waits on a virtual clock, but a day of ticks is already long.
        if let number = text.dropSuffix("ms").flatMap({ Int($0) }), number >= 0, number <= 86_400_000 {
            return .milliseconds(number)
        }
        if let number = text.dropSuffix("s").flatMap({ Double($0) }), number >= 0, number <= 86_400 {
            return .milliseconds(Int((number * 1000).rounded()))
        }
        return nil
    }

    /// A key by its name, with modifiers before it.
    static func key(_ name: String) -> Key? {
        if name.count == 1, let character = name.first { return .character(character) }
        var modifiers = Modifiers()
        var rest = Substring(name)
        while rest.count > 1 {
            if let tail = rest.dropPrefix("ctrl-") {
                modifiers.insert(.control)
                rest = tail
            } else if let tail = rest.dropPrefix("alt-") {
                modifiers.insert(.alt)
                rest = tail
            } else if let tail = rest.dropPrefix("shift-") {
                modifiers.insert(.shift)
                rest = tail
            } else {
                break
            }
        }
        if let mouse = mouse(rest) { return modifiers.isEmpty ? .mouse(mouse) : nil }
        var key: Key
        if rest.count == 1, let character = rest.first {
            // Ctrl with a letter is a key of its own.
            if modifiers.contains(.control) {
                guard let ascii = character.asciiValue, ascii >= 0x61, ascii <= 0x7A else { return nil }
                modifiers.remove(.control)
                return Key.control(character).with(modifiers)
            }
            // Shift with a character is the character itself, as terminals send it.
            guard !modifiers.contains(.shift) else { return nil }
            key = .character(character)
        } else if let named = named[String(rest)] {
            key = named
        } else if rest.first == "f", let number = Int(rest.dropFirst()), (1...12).contains(number) {
            key = .function(number)
        } else {
            return nil
        }
        return key.with(modifiers)
    }

    private static let named: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end, "pgup": .pageUp,
        "pgdn": .pageDown, "enter": .enter, "esc": .escape, "tab": .tab, "btab": .backTab, "bspace": .backspace,
        "del": .delete, "space": .character(" "),
    ]

    private static let mouseActions: [(name: String, action: Mouse.Action)] = [
        ("press", .press), ("release", .release), ("drag", .drag), ("wheel-up", .scrollUp), ("wheel-down", .scrollDown),
    ]
    private static let buttons: [(name: String, button: Mouse.Button)] = [
        ("right", .right), ("middle", .middle),
    ]

    private static func mouse(_ text: Substring) -> Mouse? {
        guard let at = text.firstIndex(of: "@") else { return nil }
        let head = text[..<at]
        let place = text[text.index(after: at)...].split(separator: ",", omittingEmptySubsequences: false)
        guard place.count == 2, let row = Int(place[0]), let column = Int(place[1]), row >= 0, column >= 0,
            row < Scenario.largest, column < Scenario.largest
        else { return nil }
        for (name, action) in mouseActions {
            guard head.hasPrefix(name) else { continue }
            let rest = head.dropFirst(name.count)
            let wheel = action == .scrollUp || action == .scrollDown
            if rest.isEmpty { return Mouse(action, button: wheel ? .none : .left, row: row, column: column) }
            guard !wheel, let button = buttons.first(where: { "-" + $0.name == rest }) else { continue }
            return Mouse(action, button: button.button, row: row, column: column)
        }
        return nil
    }

    // MARK: Writing

    /// Writes steps as one line of words that ``steps(_:)`` reads back to the same steps: characters typed in a
    /// row as one `type:` word, a key pressed several times in a row as `name*N`.
    ///
    /// - Parameter steps: The steps.
    /// - Returns: The line.
    package static func text(_ steps: [Scenario.Step]) -> String {
        var words: [String] = []
        var typed = ""
        func flushTyped() {
            if typed.count == 1, let character = typed.first {
                words.append(name(.character(character)))
            } else if !typed.isEmpty {
                words.append("type:" + quoted(typed))
            }
            typed = ""
        }
        for step in steps {
            switch step {
            case .press(.character(let character), 1) where character != " " && !character.isWhitespace:
                typed.append(character)
                continue
            case .type(let text):
                typed += text
                continue
            default:
                flushTyped()
            }
            switch step {
            case .press(let key, let times):
                let name = self.name(key)
                words.append(times == 1 ? name : "\(name)*\(times)")
            case .wait(let duration):
                let milliseconds = Int(duration / .milliseconds(1))
                words.append(
                    milliseconds % 1000 == 0 && milliseconds > 0
                        ? "wait:\(milliseconds / 1000)s" : "wait:\(milliseconds)ms")
            case .resize(let size):
                words.append("resize:\(size.columns)x\(size.rows)")
            case .line(let text):
                words.append("line:" + quoted(text, always: true))
            case .type:
                break
            }
        }
        flushTyped()
        return words.joined(separator: " ")
    }

    /// Text for `type:` and `line:`, quoted when it holds a space, a quote or a backslash.
    private static func quoted(_ text: String, always: Bool = false) -> String {
        guard always || text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "\\" }) || text.isEmpty else {
            return text
        }
        var result = "\""
        for character in text {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }

    /// A key's name, as ``key(_:)`` reads it.
    static func name(_ key: Key) -> String {
        switch key {
        case .character(" "): return "space"
        case .character(let character): return String(character)
        case .control(let letter): return "ctrl-\(letter)"
        case .function(let number): return "f\(number)"
        case .mouse(let mouse):
            let action = mouseActions.first { $0.action == mouse.action }?.name ?? "press"
            let button = buttons.first { $0.button == mouse.button }.map { "-" + $0.name } ?? ""
            return "\(action)\(button)@\(mouse.row),\(mouse.column)"
        case .modified(let key, let modifiers): return modifiers.prefix + name(key)
        default: return named.first { $0.value == key && $0.key != "space" }?.key ?? "\(key)"
        }
    }
}

extension Size {
    /// A terminal's size written `COLSxROWS`, such as `100x30`, each from 1 to ``Scenario/largest``.
    package init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (1...Scenario.largest).contains(columns), (1...Scenario.largest).contains(rows)
        else { return nil }
        self.init(columns: columns, rows: rows)
    }
}

extension StringProtocol {
    fileprivate func dropPrefix(_ prefix: String) -> SubSequence? {
        hasPrefix(prefix) ? self[index(startIndex, offsetBy: prefix.count)...] : nil
    }

    fileprivate func dropSuffix(_ suffix: String) -> SubSequence? {
        hasSuffix(suffix) ? self[..<index(endIndex, offsetBy: -suffix.count)] : nil
    }
}
