// MARK: - Shown

extension String {
    /// The string as a one-line message shows it: a control character escaped (`\n`, `\t`,
    /// `\e`, `\u{7F}`) and so is a backslash (`\\`), so that a path cannot break the line,
    /// drive the terminal, or pass for another path. Unicode's direction overrides are
    /// escaped too: they reorder what follows them on screen.
    package var shown: String {
        escaping { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{1B}": "\\e"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{200E}", "\u{200F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: nil
            }
        }
    }

    /// The string with each scalar `replacement` returns text for replaced by that text:
    /// the one loop behind every escaping of the lab (a message's, JSON's).
    package func escaping(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var text = ""
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) {
                text += replaced
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

extension String {
    /// The string with its control characters escaped as in ``shown`` and nothing else:
    /// the last guard of a one-line message, whose paths are already ``shown``.
    package var controlsEscaped: String {
        guard unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.value == 0x7F }) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar.value == 0x7F {
                text += String(scalar).shown
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
