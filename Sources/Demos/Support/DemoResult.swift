import Foundation

// MARK: - DemoResult

/// One run of a demo: what `lab demo NAME --json` prints.
public struct DemoResult<Outcome: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var demo: String
    public var lesson: Int
    public var outcome: Outcome
}

// MARK: - Running

extension Demo {
    /// Runs the demo and returns its result.
    public static func result(in environment: DemoEnvironment) async throws -> DemoResult<Outcome> {
        DemoResult(demo: name, lesson: lesson, outcome: try await Self().run(in: environment))
    }

    /// Runs the demo and renders it: for a reader, or as JSON.
    public static func render(in environment: DemoEnvironment, json: Bool) async throws -> String {
        let result = try await result(in: environment)
        return json ? result.json() : text(for: result.outcome)
    }

    /// What the demo does, what happened and why, wrapped for a terminal.
    static func text(for outcome: Outcome) -> String {
        var lines = ["Lesson \(lesson): \(summary)"]
        lines += wrap("Source: \(source)", indent: "") + [""]
        lines += ["What it does"] + wrap(whatItDoes) + [""]
        for listing in listings {
            let code = listing.code.split(separator: "\n", omittingEmptySubsequences: false)
            lines += [listing.title] + code.map { $0.isEmpty ? "" : "    " + $0 }
        }
        lines += ["What happened"] + whatHappened(outcome).flatMap { wrap($0, bullet: true) } + [""]
        lines += ["Why"] + wrap(why) + [""]
        lines.append("Read more: \(chapter)")
        return lines.joined(separator: "\n")
    }
}

extension DemoResult {
    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase  // as `lab bench --format json`
        // Outcomes are plain values (numbers, strings, optionals): encoding cannot fail.
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

// MARK: - Wrapping

/// Splits `paragraph` into lines of at most `width` columns, each starting with `indent`;
/// with `bullet`, the first line has "- " after the indent and the rest align under it.
package func wrap(_ paragraph: String, width: Int = 88, indent: String = "  ", bullet: Bool = false) -> [String] {
    let indent = bullet ? indent + "  " : indent
    var lines: [String] = []
    var line = bullet ? indent.dropLast(2) + "- " : indent
    for word in paragraph.split(separator: " ") {
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

/// `2` or `2.37`: whole numbers without decimals, others with two.
package func decimal(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
}
