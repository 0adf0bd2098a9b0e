import Foundation

// MARK: - Format

/// How the lab writes numbers for people: in tables, demos and workshop reports alike.
package enum Format {
    /// A whole number with thousands separators: 12,345.
    package static func grouped(_ value: Double) -> String {
        let digits = String(Int64(value.rounded()))
        var result = ""
        for (offset, character) in digits.reversed().enumerated() {
            if offset > 0 && offset.isMultiple(of: 3) && character != "-" { result.append(",") }
            result.append(character)
        }
        return String(result.reversed())
    }

    /// `value` with `digits` decimals: 2.37.
    package static func decimal(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// `2` or `2.37`: whole numbers without decimals, others with two.
    package static func compact(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : decimal(value, digits: 2)
    }

    /// A duration in milliseconds, with two decimals below one, one below ten: 0.04 ms,
    /// 5.2 ms, 12 ms.
    package static func milliseconds(_ duration: Duration) -> String {
        let value = Double(duration / .microseconds(1)) / 1_000
        let digits = value < 1 ? 2 : value < 10 ? 1 : 0
        return decimal(value, digits: digits) + " ms"
    }

    /// Bytes in the largest unit that keeps the number readable: 512 B, 3.2 KiB, 1.5 MiB.
    package static func bytes(_ value: Int64) -> String {
        let magnitude = Double(abs(value))
        let sign = value < 0 ? "-" : ""
        if magnitude < 1024 { return "\(value) B" }
        if magnitude < 1024 * 1024 { return sign + decimal(magnitude / 1024, digits: 1) + " KiB" }
        return sign + decimal(magnitude / 1024 / 1024, digits: 1) + " MiB"
    }
}

// MARK: - Wrapping

/// Splits `paragraph` into lines of at most `width` columns, each starting with `indent`;
/// with `bullet`, the first line has "- " after the indent and the rest align under it.
package func wrap(_ paragraph: String, width: Int = 88, indent: String = "  ", bullet: Bool = false) -> [String] {
    let indent = bullet ? indent + "  " : indent
    var lines: [String] = []
    var line = bullet ? indent.dropLast(2) + "- " : indent
    for whole in paragraph.split(separator: " ") {
        // A word longer than a line (a long path) is cut at the width: no line runs over.
        var word = Substring(whole)
        while indent.count + word.count > width, width > indent.count {
            if line.count > indent.count {
                lines.append(line.trimmingTrailingSpaces())
                line = indent
            }
            lines.append(line + word.prefix(width - indent.count))
            word = word.dropFirst(width - indent.count)
            line = indent
        }
        if line.count + word.count > width, line.count > indent.count {
            lines.append(line.trimmingTrailingSpaces())
            line = indent
        }
        line += word + " "
    }
    lines.append(line.trimmingTrailingSpaces())
    return lines
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
