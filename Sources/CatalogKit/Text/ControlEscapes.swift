extension String {
    /// The text with each control character (C0, DEL and C1) written as its Swift escape (`\n`, `\u{1B}`), so a
    /// message or a golden's title line that shows it stays on one line and moves no terminal's cursor.
    package var controlsEscaped: String {
        unicodeScalars.map { scalar in
            scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        }.joined()
    }
}
