import CatalogKit
import CatalogTerminal
import Foundation

extension Demos {
    static let textStyles = demo(
        "Text Styles", in: ["Text"], keywords: ["bold", "underline", "font", "width", "korean", "emoji"],
        summary: "Bold, dim, underline and reverse text, and wide characters measured by cells",
        scenarios: [
            Scenario("Korean measured", .press(.down, times: 5), .press(.enter)),
            Scenario("Japanese measured in Japanese", locale: "ja", .press(.down, times: 6), .press(.enter)),
            Scenario("cut at 30 columns", size: Size(columns: 30, rows: 12)),
            Scenario("cut at 40 columns in Japanese", size: Size(columns: 40, rows: 12), locale: "ja"),
        ]
    ) { TextStylesDemo() }
}

/// Samples of each text style, and of scripts whose characters take two cells, with their measured widths.
struct TextStylesDemo: LocalizedDemo {
    /// The samples: a name (its key in the tables), a style, and a text that stays as it is in every language.
    static let samples: [(name: DemoWords, style: Style, text: String)] = [
        (.plain, .plain, "The quick brown fox"),
        (.bold, .bold, "The quick brown fox"),
        (.dim, .dim, "The quick brown fox"),
        (.underline, Style(underline: true), "The quick brown fox"),
        (.reverse, .reverse, "The quick brown fox"),
        (.koreanSample, .plain, "다람쥐 헌 쳇바퀴에 타고파"),
        (.japaneseSample, .plain, "いろはにほへと"),
        (.emoji, .plain, "🦊 🐶 🇰🇷"),
    ]

    /// What a key or a line command does.
    enum Command: Sendable, Equatable {
        case up, down, measure
    }

    /// The keys and line commands: Enter measures the sample under the cursor, `<n>` sample n.
    static func keymap(in locale: Locale) -> Keymap<Command> {
        func words(_ key: DemoWords) -> String { DemoWords.text(key, in: locale) }
        return Keymap([
            KeyBinding([.up], .up, label: "↑↓", help: words(.move)),
            KeyBinding([.down], .down, help: words(.moveDown), footer: false),
            KeyBinding([.enter], .measure, label: "⏎", help: words(.measure), line: "<n>"),
        ])
    }
    var locale = Locale(identifier: "en")

    private(set) var cursor = 0
    private(set) var glyphs = Glyphs.unicode

    var title: String { "Text Styles" }

    mutating func adopt(_ environment: ScreenEnvironment) {
        glyphs = environment.glyphs
        locale = environment.locale
    }

    mutating func perform(_ command: Command, _ input: CommandInput) -> Action {
        switch command {
        case .up: cursor = max(cursor - 1, 0)
        case .down: cursor = min(cursor + 1, Self.samples.count - 1)
        case .measure:
            guard let index = input.item(cursor: cursor, count: Self.samples.count) else {
                return input.missingItem(
                    count: Self.samples.count, DemoWords.text(.askSampleNumber, in: locale), locale: locale)
            }
            cursor = index
            let sample = Self.samples[index]
            let name = DemoWords.text(sample.name, in: locale)
            return .status(
                DemoWords.text(
                    .sampleTakes, in: locale,
                    ["name": name, "text": sample.text, "cells": DisplayWidth.of(sample.text)]))
        }
        return .none
    }

    /// A sample's text padded by display width, so the width column lines up for every script. On a narrow
    /// terminal the sample is cut rather than its measure, which is what the screen shows.
    func row(_ index: Int, in context: ScreenContext) -> [Span] {
        let sample = Self.samples[index]
        let names = Self.samples.map { DemoWords.text($0.name, in: context) }
        let measures = Self.samples.map { sample in
            let counts: [String: any Sendable] = [
                "cells": DisplayWidth.of(sample.text), "characters": sample.text.count,
            ]
            return DemoWords.text(.cellsAndCharacters, in: context, counts)
        }
        let measure = measures[index]
        let nameWidth = max(11, (names.map(DisplayWidth.of).max() ?? 0) + 2)
        // The samples' column, one for every row so the measures line up, with room for the widest measure and at
        // least a space before it; the marker takes two cells.
        let widest = measures.map(DisplayWidth.of).max() ?? 0
        let column = max(min(28, context.size.columns - 2 - nameWidth - widest), 3)
        let text = DisplayWidth.truncate(sample.text, to: column - 1)
        return [
            Span(DisplayWidth.pad(names[index], to: nameWidth)),
            Span(text, sample.style),
            Span(String(repeating: " ", count: max(column - DisplayWidth.of(text), 1))),
            Span(measure, .dim),
        ]
    }

    func render(in context: ScreenContext) -> Frame {
        let size = context.size
        let lines = Self.samples.indices.map { index in
            Line([Span(glyphs.marker(index == cursor))] + row(index, in: context))
        }
        return framed(lines, cursorRow: cursor, bottom: ["", footer(in: context)], size: size)
    }

    func lines(in context: ScreenContext) -> [String] {
        let width = context.size.columns
        return numbered(Self.samples.indices.map { Line(row($0, in: context)).text }, width: width)
    }
}
