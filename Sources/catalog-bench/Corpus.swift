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

    /// The corpus as UTF-8 lines: `Group[/Sub]/Title words N`.
    ///
    /// - Parameter count: The number of lines.
    /// - Returns: The bytes of the file, newline-terminated lines.
    static func lines(count: Int) -> [UInt8] {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 32)
        for index in 0..<count {
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
        }
        return bytes
    }
}
