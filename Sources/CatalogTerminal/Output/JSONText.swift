/// JSON string literals for the command line's `--json` output.
package enum JSONText {
    /// Appends a JSON string literal.
    ///
    /// Quotes and backslashes are escaped, and so is every character `Sanitizer` considers unsafe (controls, DEL,
    /// C1 controls and bidi formatting), as `\uXXXX`, so the JSON is valid and no raw control byte reaches the
    /// output.
    ///
    /// - Parameters:
    ///   - text: The string.
    ///   - out: The buffer to append to.
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(0x22)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += [0x5C, 0x22]
            case "\\": out += [0x5C, 0x5C]
            case "\n": out += [0x5C, 0x6E]
            case "\t": out += [0x5C, 0x74]
            case "\r": out += [0x5C, 0x72]
            case _ where Sanitizer.isUnsafe(scalar):
                let hex = String(scalar.value, radix: 16)
                out += Array("\\u\(String(repeating: "0", count: 4 - hex.count))\(hex)".utf8)
            default:
                out += Array(String(scalar).utf8)
            }
        }
        out.append(0x22)
    }

    /// A JSON string literal.
    public static func string(_ text: String) -> String {
        var out: [UInt8] = []
        appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
