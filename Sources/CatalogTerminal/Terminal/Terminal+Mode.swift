extension Terminal {
    /// How the launcher takes the terminal.
    enum Mode: Sendable, Equatable {
        /// The alternate screen, whole; the user's screen comes back on leaving.
        case fullScreen(mouse: Bool)
        /// A region of so many rows below the prompt, on the main screen, so the scrollback stays as it was; it is
        /// cleared on leaving and the prompt comes back where the region began.
        case inline(height: InlineHeight, mouse: Bool)

        /// Bytes that enter the mode: alternate screen, cursor hidden, bracketed paste on, and SGR mouse reporting
        /// (buttons, drags, wheel) when asked for.
        func enterSequence(rows: Int) -> String {
            switch self {
            case .fullScreen(let mouse):
                return "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h" + Self.mouseOn(mouse)
            case .inline(_, let mouse):
                return "\u{1B}[?25l" + Self.region(rows: rows) + "\u{1B}[?2004h" + Self.mouseOn(mouse)
            }
        }

        /// Room for an inline region, made by newlines (which scroll the screen if need be), then back up to its
        /// first row, whose place is saved for every frame to start from.
        private static func region(rows: Int) -> String {
            let room = String(repeating: "\n", count: max(rows - 1, 0))
            let back = rows > 1 ? "\u{1B}[\(rows - 1)A" : ""
            return room + back + "\r\u{1B}7"
        }

        private static func mouseOn(_ mouse: Bool) -> String {
            mouse ? "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" : ""
        }

        /// Bytes that make an inline region again after a resize: back to where it began, everything below erased
        /// (the terminal may have reflowed the old frame into more rows), then room for its new height, as on
        /// entering; nothing in full screen, where the next frame covers the window.
        ///
        /// - Parameter top: The window row, from 0, the region's first row is on now, if the terminal said where
        ///   the cursor went; the saved place otherwise, which a terminal that scrolled or reflowed didn't move.
        func resizeSequence(rows: Int, top: Int? = nil) -> String {
            guard case .inline = self else { return "" }
            return (top.map { "\u{1B}[\($0 + 1);1H" } ?? "\u{1B}8") + "\u{1B}[J" + Self.region(rows: rows)
        }

        /// Bytes that leave it: mouse reporting and bracketed paste off, attributes reset, cursor shown, and the
        /// main screen back (or the inline region erased, with the cursor where it began).
        var leaveSequence: String {
            let off = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[0m"
            switch self {
            case .fullScreen: return off + "\u{1B}[?25h\u{1B}[?1049l"
            case .inline: return off + "\u{1B}8\u{1B}[J\u{1B}[?25h"
            }
        }

        /// Whether mouse reporting is on.
        var mouse: Bool {
            switch self {
            case .fullScreen(let mouse), .inline(_, let mouse): mouse
            }
        }

        /// How the renderer reaches a row in this mode.
        var positioning: Renderer.Positioning {
            if case .inline = self { return .belowSavedCursor }
            return .absolute
        }
    }
}
