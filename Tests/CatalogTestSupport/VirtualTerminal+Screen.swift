import CatalogKit
import CatalogTerminal

extension VirtualTerminal {
    /// The screen's text after each write, as a terminal emulator shows it.
    package var frames: [String] {
        var screen = ScreenModel(size: writes.first?.size ?? windowSize)
        return writes.map { write in
            if write.size != screen.size { screen.resize(to: write.size) }
            screen.apply(Array(write.bytes.utf8))
            return screen.text
        }
    }

    /// The screen's text now, trailing spaces removed from each row.
    package var screenText: String { frames.last ?? "" }
}
