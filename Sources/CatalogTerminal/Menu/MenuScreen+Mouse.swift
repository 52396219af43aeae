import CatalogKit

extension MenuScreen {
    /// How far the wheel moves the list.
    static let wheelStep = 3

    /// A mouse report, in the menu's own coordinates, as fzf reads them: a press on a row highlights it, a double
    /// click opens it, a right click marks it (`--multi`), and the wheel moves through the list, or scrolls the
    /// preview when over it.
    mutating func click(_ mouse: Mouse) -> Action {
        let layout = self.layout
        if let pane = layout.pane, mouse.row >= pane.row, mouse.column >= pane.column {
            switch mouse.action {
            case .scrollUp: scrollPreview(by: -Self.wheelStep)
            case .scrollDown: scrollPreview(by: Self.wheelStep)
            default: break
            }
            return .none
        }
        switch mouse.action {
        case .scrollUp:
            moveCursor(by: -Self.wheelStep)
        case .scrollDown:
            moveCursor(by: Self.wheelStep)
        case .press where mouse.button == .left || mouse.button == .right:
            let row = mouse.row - layout.headerRows - layout.promptRows
            guard row >= 0, row < layout.listRows, mouse.column < layout.columns else { return .none }
            let position = firstRow(in: layout) + row
            guard position < listCount else { return .none }
            moveCursor(to: position)
            if mouse.button == .right { return perform(.toggle) }
            if mouse.isDoubleClick { return perform(.accept) }
        default:
            break
        }
        return .none
    }
}
