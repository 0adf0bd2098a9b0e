// MARK: - Parser messages on one line

extension Lab {
    /// The argument parser's message as the one line `lab` prints. The parser lists six or
    /// more choices one a line, under "one of the following:"; those become the same
    /// "'a', 'b' or 'c'" it writes for fewer, so the line still names every choice.
    static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n")
        guard let first = lines.first else { return message }
        let marker = " the following:"
        let choices = lines.dropFirst().map { $0.drop { $0 == " " } }.prefix { $0.hasPrefix("- ") }.map { "'\($0.dropFirst(2))'" }
        guard first.hasSuffix(marker), let last = choices.last else { return String(first) }
        let list = choices.count == 1 ? last : choices.dropLast().joined(separator: ", ") + " or " + last
        return first.dropLast(marker.count) + " " + list + "."
    }
}
