import Foundation
import Support

// MARK: - DemoResult

/// One run of a demo: what `lab demo NAME --json` prints.
package struct DemoResult<Outcome: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    package var demo: String
    package var lesson: Int
    package var outcome: Outcome
}

// MARK: - Running

extension Demo {
    /// Runs the demo and returns its result.
    package static func result(in environment: DemoEnvironment) async throws -> DemoResult<Outcome> {
        DemoResult(demo: name, lesson: lesson, outcome: try await Self().run(in: environment))
    }

    /// Runs the demo and renders it: for a reader, or as JSON.
    package static func render(in environment: DemoEnvironment, json: Bool) async throws -> String {
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
