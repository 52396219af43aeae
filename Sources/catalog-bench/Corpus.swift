import Foundation

/// A deterministic multilingual corpus of catalog lines, the same on every run and machine.
enum Corpus {
    static let groups = [
        "Pickers", "Effects", "Layout", "Forms", "Navigation", "Text", "Media", "Charts", "Feedback", "Data",
        "Übersicht", "Einstellungen", "Straßen", "Документы", "Настройки", "Папки", "대륙", "설정", "문서", "图表",
        "Controls", "Animation", "Trees", "Lists", "Dialogs", "Input", "Colors", "Gestures", "Maps", "Time",
    ]
    static let words = [
        "Grid", "Picker", "Alert", "Gauge", "List", "Menu", "Slider", "Toggle", "Stepper", "Badge", "Chart", "Table",
        "Outline", "Disclosure", "Progress", "Spinner", "Toast", "Sheet", "Popover", "Tabs", "Card", "Photo",
        "Document", "Folder", "Search", "Filter", "Color", "Gradient", "Animated", "Haptic", "Date", "Time",
        "Straße", "Übersicht", "Größe", "Schlüssel", "Fenster", "Документы", "Папка", "Настройки", "Список",
        "Выбор", "유라시아", "아프리카", "설정", "문서", "목록", "선택", "设置", "文件", "列表", "Café", "Naïve",
    ]

    /// Makes lines one at a time: `Group[/Sub]/Title words N`, numbered from 0.
    struct Generator {
        private var state: UInt64 = 0x5EED
        private(set) var index = 0

        private mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        /// Appends the next line, newline included.
        mutating func appendLine(to bytes: inout [UInt8]) {
            bytes.append(contentsOf: groups[next(groups.count)].utf8)
            bytes.append(0x2F)
            if next(3) == 0 {
                bytes.append(contentsOf: groups[next(groups.count)].utf8)
                bytes.append(0x2F)
            }
            bytes.append(contentsOf: words[next(words.count)].utf8)
            bytes.append(0x20)
            bytes.append(contentsOf: words[next(words.count)].utf8)
            bytes.append(0x20)
            bytes.append(contentsOf: String(index).utf8)
            bytes.append(0x0A)
            index += 1
        }
    }

    /// The corpus as UTF-8 lines.
    ///
    /// - Parameter count: The number of lines.
    /// - Returns: The bytes of the file, newline-terminated lines.
    static func lines(count: Int) -> [UInt8] {
        var generator = Generator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 35)
        while generator.index < count { generator.appendLine(to: &bytes) }
        return bytes
    }

    /// Writes the corpus to a file a megabyte at a time, so a ten-million-line file never sits in memory, and
    /// reuses a file that is already complete.
    ///
    /// - Returns: The file's size in bytes.
    @discardableResult
    static func write(count: Int, to path: String) -> Int {
        let marker = path + ".complete"
        if FileManager.default.fileExists(atPath: marker),
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        {
            return size
        }
        guard let handle = FileHandle(forWritingAtPath: path) ?? create(path) else { return 0 }
        defer { try? handle.close() }
        try? handle.truncate(atOffset: 0)
        var generator = Generator()
        var chunk: [UInt8] = []
        var size = 0
        while generator.index < count {
            chunk.removeAll(keepingCapacity: true)
            while generator.index < count && chunk.count < 1 << 20 { generator.appendLine(to: &chunk) }
            try? handle.write(contentsOf: chunk)
            size += chunk.count
        }
        _ = FileManager.default.createFile(atPath: marker, contents: nil)
        return size
    }

    private static func create(_ path: String) -> FileHandle? {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    }
}
