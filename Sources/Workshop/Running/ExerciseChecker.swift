internal import Demos
import Foundation

// MARK: - ExerciseChecker

/// An exercise's check: what to measure in the learner's code, and how to judge it.
///
/// An exercise's executable runs twice. Started by `lab workshop check`, it starts itself
/// again as a child process that runs ``measure(_:)`` with the concurrency-debug trap on
/// and the backtracer ready, so a trap stops the child, not the check. It then turns what
/// the child recorded, and how it ended, into ``checks(_:run:)`` and prints the report.
public protocol ExerciseChecker {
    associatedtype Measured: Measurements

    static var exercise: Exercise { get }

    /// Runs in the child process: drives the learner's code and records what the meters say.
    static func measure(_ record: Recorder<Measured>) async throws

    /// Runs in the parent: the checks, from the measurements and how the child ended.
    static func checks(_ measured: Measured, run: ChildRun) -> [Check]
}

extension ExerciseChecker {
    /// How long the child may run before it is declared stuck. No check measures time: this
    /// only stops a deadlock, far beyond what any finished run takes.
    public static var watchdog: Duration { .seconds(60) }

    /// The argument that makes the executable the measuring child.
    static var measureFlag: String { "--measure" }

    /// The exercise executable's entry point: `await ConfinementCheck<QueueArchive>.main()`.
    public static func main() async -> Never {
        exit(await run(arguments: Array(CommandLine.arguments.dropFirst())))
    }

    /// Measures (with `--measure`) or checks, and returns the exit code: 0 when the
    /// exercise passes, 1 when a check fails.
    public static func run(arguments: [String]) async -> Int32 {
        if arguments.last == measureFlag { return await measureHere() }
        let report = await check(arguments: arguments)
        Wire.report.write(Wire.encode(report))
        return report.passed ? 0 : 1
    }

    /// Runs this executable again as the measuring child, and judges what it recorded.
    static func check(arguments: [String]) async -> CheckReport {
        let result: ChildProcess.Result
        do {
            result = try await ChildProcess.run(
                ChildProcess.currentExecutable, arguments: arguments + [measureFlag],
                environment: ProcessInfo.processInfo.environment, timeout: watchdog, backtrace: true
            )
        } catch {
            let check = Check(id: "run", status: .failed, expected: "the check runs", measured: "\(error)", problem: "\(error)")
            return CheckReport(exercise: exercise, checks: [check])
        }
        let run = ChildRun(exercise: exercise, result: result, watchdog: watchdog)
        return CheckReport(exercise: exercise, checks: checks(run.measured(as: Measured.self), run: run))
    }

    private static func measureHere() async -> Int32 {
        let recorder = Recorder<Measured>()
        do {
            try await measure(recorder)
            return 0
        } catch {
            Wire.error.write("\(error)")
            return 2
        }
    }
}
