import Demos
import Foundation
import WorkshopChecks
import ChildProcesses
import Support

// MARK: - Repository

/// The programs built beside these tests, and the reports of the reference checks they run.
enum Repository {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the check of `exercise` on its tracked starter or solution, in
    /// `WorkshopReference`, built beside this test executable, and returns its report.
    static func report(_ exercise: Exercise, _ variant: String, seeds: [UInt64]? = nil) async throws -> CheckReport {
        guard let executable = ChildProcess.sibling(named: "WorkshopReference") else {
            throw Failure(description: "no WorkshopReference beside the test executable")
        }
        let result = try await ChildProcess.run(
            executable, arguments: ["\(exercise.number)", variant] + (seeds.map { ["--seeds", $0.map(String.init).joined(separator: ",")] } ?? []),
            environment: ProcessInfo.processInfo.environment
        )
        guard let report = CheckReport(output: result.output) else {
            throw Failure(description: "WorkshopReference \(exercise.number) \(variant) printed no report:\n\(result.output)")
        }
        return report
    }

    /// The report of `exercise`'s reference solution. A hold is timed, and the full suite
    /// runs these checks side by side on two cores: a solution whose one failure is a timed
    /// hold gets a second run, on fresh seeds. A solution that waits for the store is held in
    /// every run, and fails both.
    static func solutionReport(_ exercise: Exercise) async throws -> CheckReport {
        let report = try await report(exercise, "solution")
        let failed = report.checks.filter { $0.status == .failed }
        guard failed.map(\.id) == ["waits"], failed[0].measured.hasPrefix("longest holds") else { return report }
        return try await Repository.report(exercise, "solution")
    }

    /// What a report's unsatisfied checks say, for a failure's message.
    static func problems(of report: CheckReport) -> [String] {
        report.checks.filter { !$0.isSatisfied }.map { "\($0.id): \($0.problem ?? $0.measured)" }
    }
}
