import CatalogKit

extension MenuScreen {
    /// How far the wheel moves the list.
    static let wheelStep = 3

    /// A mouse report, in the menu's own coordinates: a press on a row highlights it, a press on the highlighted
    /// row opens it (so a double click opens), and the wheel moves through the list.
    mutating func click(_ mouse: Mouse) -> Action {
        let layout = self.layout
        let count = filter?.hits.count ?? children.count
        let cursor = filter?.cursor ?? current.cursor
        if let pane = layout.pane, mouse.row >= pane.row, mouse.column >= pane.column {
            // The wheel over the pane scrolls the preview.
            switch mouse.action {
            case .scrollUp: previewScroll = max(0, previewScroll - Self.wheelStep)
            case .scrollDown: previewScroll += Self.wheelStep
            default: break
            }
            return .none
        }
        switch mouse.action {
        case .scrollUp:
            moveCursor(to: cursor - Self.wheelStep, count: count)
        case .scrollDown:
            moveCursor(to: cursor + Self.wheelStep, count: count)
        case .press where mouse.button == .left:
            let row = mouse.row - layout.headerRows - layout.promptRows
            guard row >= 0, row < layout.listRows, mouse.column < layout.columns else { return .none }
            let position = firstRow(in: layout) + row
            guard position < count else { return .none }
            if position == cursor {
                return filter == nil ? open(at: position) : edit(.enter)
            }
            moveCursor(to: position, count: count)
        default:
            break
        }
        return .none
    }
}
