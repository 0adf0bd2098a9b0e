import Foundation

// MARK: - Check

/// One thing an exercise's check measured, and whether it is what the lesson asks for.
///
/// Every check compares a number or a state the suite's own meters produce (the
/// concurrency-debug trap, the hop meter, the queues' dispatch counters, the leak check,
/// the database checksum against the reference model, the compiler's diagnostics, the
/// store's count of reads behind writes). One reads a clock: exercise 19's frames, held to
/// what the check's own reads do in the same frames.
public struct Check: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        case passed
        case failed
        /// The run stopped before this was measured: an earlier check says why.
        case notMeasured = "not-measured"
        /// This platform has no such meter (hops are counted on Linux only); not a failure.
        case unavailable
    }

    /// A short name that stays the same from run to run: `trap`, `hops`, `checksum`.
    public var id: String
    public var status: Status
    /// What the lesson asks for, in words and numbers.
    public var expected: String
    /// What the meter said.
    public var measured: String
    /// What is wrong, in plain words, when the check did not pass.
    public var problem: String?

    public init(id: CheckID, status: Status, expected: String, measured: String, problem: String? = nil) {
        self.id = id.rawValue
        self.status = status
        self.expected = expected
        self.measured = measured
        self.problem = problem
    }

    /// Whether the check lets the exercise pass.
    public var isSatisfied: Bool { status == .passed || status == .unavailable }

    /// A check that passes when `holds`, with `problem` as its explanation otherwise.
    public static func verify(
        _ id: CheckID, _ holds: Bool, expected: String, measured: String, problem: @autoclosure () -> String
    ) -> Check {
        Check(id: id, status: holds ? .passed : .failed, expected: expected, measured: measured, problem: holds ? nil : problem())
    }

    /// A check the run never reached.
    public static func notMeasured(_ id: CheckID, expected: String, because reason: String) -> Check {
        Check(id: id, status: .notMeasured, expected: expected, measured: "not measured", problem: reason)
    }
}

// MARK: - CheckReport

/// The result of one `lab workshop check`: what `--json` prints, in the spirit of
/// Exercism's `results.json`.
public struct CheckReport: Codable, Sendable, Equatable {
    public var exercise: Int
    public var slug: String
    public var passed: Bool
    public var checks: [Check]
    /// The seeds of the runs, drawn afresh for every check: the same data twice only by
    /// chance, so that no answer of one check is the answer of the next.
    public var seeds: [UInt64] = []

    public init(exercise: Exercise, checks: [Check]) {
        self.init(exercise: exercise.number, slug: exercise.slug, checks: checks)
    }

    init(exercise: Int, slug: String, checks: [Check]) {
        self.exercise = exercise
        self.slug = slug
        self.checks = checks
        self.passed = !checks.isEmpty && checks.allSatisfy(\.isSatisfied)
    }

    /// The first check that keeps the exercise from passing.
    public var firstFailure: Check? {
        checks.first { !$0.isSatisfied }
    }
}

// MARK: - On the wire

extension CheckReport {
    /// The report an exercise's executable printed, or nil when it printed none (it did not
    /// run to its end).
    package init?(output: String) {
        self.init(output: output, token: "")
    }

    /// The report an exercise's executable printed on the line marked with `token`, or nil.
    package init?(output: String, token: String) {
        guard let line = Wire.report.payloads(in: output, token: token).last,
              let report = Wire.decode(CheckReport.self, from: line) else { return nil }
        self = report
    }

    /// The report of a run that `lab workshop check` started with `token`: only when the
    /// line carries the token, the process ended by itself, and its exit status says what
    /// the report says (0 passed, 1 not). Anything else is not the check's report.
    package init?(output: String, token: String, exitStatus: Int32?, signal: Int32?) {
        guard signal == nil, let report = CheckReport(output: output, token: token),
              exitStatus == (report.passed ? 0 : 1) else { return nil }
        self = report
    }

    /// The report as JSON, for `lab workshop check --json`: keys in snake case, as the lab's
    /// other JSON.
    package func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // A report is plain values: encoding cannot fail.
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
