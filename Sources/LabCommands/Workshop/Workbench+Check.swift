import Demos
import Foundation
import Workshop

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Checking an exercise

extension Workbench {
    /// Starts `exercise` if it is not, builds the learner's copy, runs its check, and
    /// remembers the result. The lines on standard error say what happens meanwhile.
    func check(_ exercise: Exercise) async throws(LabError) -> CheckReport {
        for copy in try start(exercise) {
            say("started exercise \(exercise.number): edit \(layout.relative(copy))")
        }
        let environment = ProcessInfo.processInfo.environment
        let build = ExerciseBuild(layout: layout, environment: environment)
        say(build.isFirst
            ? "building exercise \(exercise.number), and this once the lab's modules it uses, into Workshop/.build: "
                + "a minute or two; later checks take seconds"
            : "building exercise \(exercise.number)")
        try restoreEntryPoint(of: exercise)
        let source = sourceCheck(of: exercise)
        let report: CheckReport
        switch try await build.build(exercise) {
        case .failed(let diagnostics):
            let learnerFirst = diagnostics.filter { diagnostic in exercise.files.contains { diagnostic.location.contains("/\($0):") } }
                + diagnostics.filter { diagnostic in !exercise.files.contains { diagnostic.location.contains("/\($0):") } }
            report = CheckReport(exercise: exercise, source: source, compiles: .compiles(learnerFirst))
        case .built(let executable):
            say("checking exercise \(exercise.number)")
            let checked = try await run(executable, of: exercise, environment: environment)
            report = CheckReport(exercise: exercise, checks: [source, .compiles([])] + checked.checks)
        }
        try record(report, of: exercise)
        return report
    }

    /// Runs a built exercise, which measures in a child process of its own and prints its
    /// report.
    private func run(_ executable: URL, of exercise: Exercise, environment: [String: String]) async throws(LabError) -> CheckReport {
        let result: ChildProcess.Result
        do {
            result = try await ChildProcess.run(executable, arguments: [], environment: environment)
        } catch {
            throw .checkFailed("cannot run the check of exercise \(exercise.number): \(error)")
        }
        guard let report = CheckReport(output: result.output) else {
            let ending = result.signal.map { "signal \($0)" } ?? "status \(result.exitStatus ?? -1)"
            throw .checkFailed("the check of exercise \(exercise.number) ended (\(ending)) without a report")
        }
        return report
    }

    /// One line on standard error, so that standard output holds the report alone.
    func say(_ line: String) {
        var bytes = Array("lab: \(line)\n".utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
    }
}
