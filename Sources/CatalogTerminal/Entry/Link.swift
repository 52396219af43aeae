import CatalogKit
import Foundation

/// An open screen's exact state as text: the command that reopens it (a link), the same as a `Scenario(…)` to paste
/// beside its entry (a capture), and the one-line form of that scenario that `catalog snapshot --scenario-file`
/// reads.
///
/// All three hold the same things: the entry, its control values (those that differ from the defaults), the locale,
/// the colour mode, the terminal's size when the screen opened, and the steps since (``Recording``).
package struct Link: Sendable, Equatable {
    /// The entry's id.
    package var id: String
    /// The scenario that reaches the state: its size, locale, colour mode, control values and steps.
    package var scenario: Scenario

    /// The state of an open entry's screen.
    ///
    /// - Parameters:
    ///   - screen: The screen.
    ///   - size: The terminal's size now, for a screen that was never told one.
    ///   - environment: The environment the screen is in now.
    package init(_ screen: EntryScreen, size: Size, environment: ScreenEnvironment) {
        id = screen.id
        var controls: [String: ControlValue] = [:]
        for control in screen.values?.controls ?? [] {
            if let value = screen.values?[control.name], value != control.defaultValue {
                controls[control.name] = value
            }
        }
        scenario = Scenario(
            "captured", size: screen.recording.size ?? size, locale: environment.locale.identifier,
            colorMode: environment.colorMode, glyphs: environment.glyphs, controls: controls,
            steps: screen.recording.steps)
    }

    /// The options that reach the state, after `open ID`, as words: `--set`, `--locale`, `--color`, `--size` and
    /// `--keys`.
    package var words: [String] {
        var words: [String] = []
        for (name, value) in scenario.controls.sorted(by: { $0.key < $1.key }) {
            words += ["--set", "\(name)=\(value)"]
        }
        words += ["--locale", scenario.locale ?? "en"]
        words += ["--color", scenario.colorMode == .none ? "never" : "always"]
        words += ["--size", "\(scenario.size.columns)x\(scenario.size.rows)"]
        if !scenario.steps.isEmpty { words += ["--keys", StepText.text(scenario.steps)] }
        return words
    }

    /// The options that reach the state, after `open ID`, shell-quoted where they need it: the one-line form a
    /// captures file keeps.
    package var options: String { words.map(Self.quoted).joined(separator: " ") }

    /// The command that reopens the state: `catalog open basics/counter --set start=1234 --locale de … --keys 'up
    /// up wait:500ms space'`.
    ///
    /// - Parameter program: The program's name, such as `catalog`.
    package func command(program: String) -> String {
        "\(Self.quoted(program)) open \(Self.quoted(id)) \(options)"
    }

    /// The state as Swift source: a `Scenario(…)` to paste into the entry's `scenarios:`.
    package var swift: String {
        var arguments = [Self.swiftString(scenario.name)]
        if scenario.size != .standard {
            arguments.append("size: Size(columns: \(scenario.size.columns), rows: \(scenario.size.rows))")
        }
        if let locale = scenario.locale, locale != "en" { arguments.append("locale: \(Self.swiftString(locale))") }
        if scenario.colorMode == .none { arguments.append("colorMode: .none") }
        if !scenario.controls.isEmpty {
            let pairs = scenario.controls.sorted { $0.key < $1.key }.map { name, value in
                "\(Self.swiftString(name)): \(Self.swiftValue(value))"
            }
            arguments.append("controls: [\(pairs.joined(separator: ", "))]")
        }
        arguments += scenario.steps.map(Self.swiftStep)
        return "Scenario(\(arguments.joined(separator: ", ")))"
    }

    // MARK: Text

    /// A word for a POSIX shell: as it is when it is safe bare, else in single quotes.
    package static func quoted(_ word: String) -> String {
        let safe =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || "-_./=:,+@%".unicodeScalars.contains(scalar))
            }
        return safe ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    private static func swiftString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func swiftValue(_ value: ControlValue) -> String {
        switch value {
        case .boolean(let flag): "\(flag)"
        case .integer(let number): "\(number)"
        case .decimal(let number): "\(number)"
        case .text(let text): swiftString(text)
        }
    }

    private static func swiftStep(_ step: Scenario.Step) -> String {
        switch step {
        case .press(let key, let times):
            times == 1 ? ".press(\(swiftKey(key)))" : ".press(\(swiftKey(key)), times: \(times))"
        case .type(let text): ".type(\(swiftString(text)))"
        case .wait(let duration): ".wait(.milliseconds(\(Int(duration / .milliseconds(1)))))"
        case .resize(let size): ".resize(Size(columns: \(size.columns), rows: \(size.rows)))"
        case .line(let text): ".line(\(swiftString(text)))"
        }
    }

    private static func swiftKey(_ key: Key) -> String {
        switch key {
        case .up: ".up"
        case .down: ".down"
        case .left: ".left"
        case .right: ".right"
        case .home: ".home"
        case .end: ".end"
        case .pageUp: ".pageUp"
        case .pageDown: ".pageDown"
        case .enter: ".enter"
        case .escape: ".escape"
        case .backspace: ".backspace"
        case .delete: ".delete"
        case .tab: ".tab"
        case .backTab: ".backTab"
        case .control(let letter): ".control(\(swiftString(String(letter))))"
        case .function(let number): ".function(\(number))"
        case .character(let character): swiftString(String(character))
        case .mouse(let mouse):
            ".mouse(Mouse(.\(mouse.action), button: .\(mouse.button), row: \(mouse.row), column: \(mouse.column)))"
        case .modified(let key, let modifiers):
            ".modified(\(swiftKey(key)), \(swiftModifiers(modifiers)))"
        }
    }

    private static func swiftModifiers(_ modifiers: Modifiers) -> String {
        let names = [(Modifiers.shift, ".shift"), (.alt, ".alt"), (.control, ".control")]
            .filter { modifiers.contains($0.0) }.map(\.1)
        return names.count == 1 ? names[0] : "[\(names.joined(separator: ", "))]"
    }
}
