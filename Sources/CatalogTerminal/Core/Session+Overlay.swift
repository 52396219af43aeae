import CatalogKit
import Foundation

extension Session {
    /// The status-line text for an error, in a locale's language (the error's own text is as it was thrown).
    static func message(for error: any Error, in locale: Locale = Locale(identifier: "en")) -> String {
        LauncherWords.text(.error, in: locale, ["message": "\(error)"])
    }

    /// Every help item: the top screen's, then the launcher's own.
    public var helpItems: [HelpItem] {
        let own = Self.keymap(in: environment.locale).help.compactMap { item -> HelpItem? in
            var item = item
            if item.keys == "esc/q" {
                // Only the keys the screen leaves to the launcher close it; the screen's own help says what the
                // others do.
                let keys = (top.handlesEscape ? [] : ["esc"]) + (top.takesText ? [] : ["q"])
                guard opened, !keys.isEmpty else { return nil }
                item.keys = keys.joined(separator: "/")
            }
            if item.keys == "F1" && !top.takesText { item.keys = "F1/?" }
            if item.keys == "F8" || item.keys == "F9" {
                guard linkProgram != nil, entryScreen != nil else { return nil }
            }
            return item
        }
        return top.help.filter { !$0.keys.isEmpty } + own
    }

    /// The overlay's rows: the keys, or the compiler's errors.
    var overlayRows: [Line] {
        switch chrome.overlay {
        case nil: return []
        case .help: return Chrome.helpRows(helpItems, width: size.columns)
        case .buildFailed(let report, _, _):
            var lines = report.lines
            let hidden = report.errorCount - report.errors.count
            if hidden > 0 { lines.append(LauncherWords.text(.moreErrors, in: environment.locale, ["count": hidden])) }
            return lines.flatMap { line in
                Chrome.wrap(line, to: max(size.columns - 2, 8)).map { Line("  " + $0) }
            }
        }
    }

    /// The overlay as drawn in the body.
    func overlayFrame(_ overlay: Chrome.Overlay, in body: Size) -> Frame {
        let title: String
        let hint: LauncherWords
        switch overlay {
        case .help:
            title = LauncherWords.text(
                .helpTitle, in: environment.locale, ["title": screens.title(at: screens.topIndex)])
            hint = .helpHint
        case .buildFailed(let report, let product, _):
            let count = report.errorCount
            title =
                count > 0
                ? LauncherWords.text(.buildErrors, in: environment.locale, ["product": product, "count": count])
                : LauncherWords.text(
                    .buildFailed, in: environment.locale, ["product": product, "status": Int(report.status)])
            hint = .buildHint
        }
        return Chrome.overlayFrame(
            title: title, rows: overlayRows, scroll: overlay.scroll, in: body, hint: hint, locale: environment.locale)
    }

    /// Whether the help overlay shows.
    public var showsHelp: Bool {
        if case .help = chrome.overlay { return true }
        return false
    }

    /// The status line's text as a terminal of a size draws it: wrapped upwards over the body, up to a third of
    /// the rows, when it is too long for one line (``Chrome/statusLines(_:width:most:)``).
    package static func statusLines(_ text: String, in size: Size) -> [String] {
        Chrome.statusLines(text, width: size.columns, most: size.rows / 3)
    }
}
