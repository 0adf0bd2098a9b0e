import Support
import ChildProcesses
import ArgumentParser
import Foundation
import Workbench
import WorkshopChecks

// MARK: - lab workshop check

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Build your copy of an exercise and run its checks; exit 0 when it passes, 1 when not.",
        discussion: """
            The first check of an exercise starts it. The first check of all also compiles the \
            lab's modules for the workshop, once: about 80 s on a 2-core machine. Later checks take \
            seconds. The exercise runs in a process group of its own, with limits on CPU time, \
            memory, file size and processes, in a temporary folder of its own; everything it \
            started is ended with the check. The exercises about confinement and crossing \
            contexts (1, 2, 3, 4, 7, 13, 17) are built once more under ThreadSanitizer and run \
            again for the races check: about 30 s more the first time, a few seconds after; \
            --skip-sanitizer skips it, and the result says so.
            """
    )

    @OptionGroup var exercise: ExerciseNumber

    @Flag(name: .long, help: "Print the result as JSON: the exercise, whether it passed, and each check's expected and measured values.")
    var json = false

    @Flag(
        name: .long,
        help: "Skip the run under ThreadSanitizer that the exercises about crossing contexts add (its first build takes minutes); the result says it was skipped."
    )
    var skipSanitizer = false

    func run() async throws {
        Interruption.install(saying: "the check stopped, and every process it started was ended")
        let report: CheckReport
        let bench: Workbench
        let exercise: Exercise
        do throws(LabError) {
            exercise = try self.exercise.exercise()
            bench = try Workbench.current()
            report = try await bench.check(exercise, sanitizer: !skipSanitizer)
        } catch {
            // --json promises JSON on standard output: the error too, as well as its line.
            if json { try StandardOutput.write(Self.errorJSON(error, argument: self.exercise.number) + "\n") }
            throw error
        }
        try StandardOutput.write((json ? report.json() : report.text(for: exercise, next: bench.next)) + "\n")
        try report.verdict(exercise)
    }

    /// `{"error": "…", "exit_code": 64, "exercise": "99", "passed": false}`, in the snake case
    /// keys of the report's JSON.
    static func errorJSON(_ error: LabError, argument: String) -> String {
        let object: [String: Any] = ["error": error.description, "exit_code": error.exitCode, "exercise": argument, "passed": false]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

extension CheckReport {
    /// Nothing when the exercise passes; else the one-line failure `lab` exits 1 with.
    func verdict(_ exercise: Exercise) throws(LabError) {
        guard let failure = firstFailure else { return }
        throw .checkFailed(
            "exercise \(exercise.number) does not pass yet (\(failure.id)); a hint: \(LabCommandLine.command("workshop hint \(exercise.number)"))"
        )
    }
}

// MARK: - lab workshop watch

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Check the next exercise whenever you save it, and move on when it passes.",
        discussion: "Stops when every exercise passes, or with Ctrl-C."
    )

    func run() async throws {
        Interruption.install(saying: "watch stopped, and every process its check started was ended")
        let bench = try Workbench.current()
        try show("Watching: each save checks the exercise again; Ctrl-C stops.\n")
        while let exercise = bench.next {
            let checked = bench.digest(of: exercise)
            let report = try await bench.check(exercise)
            try show(report.text(for: exercise, next: bench.next) + "\n")
            if report.passed { continue }
            try show("Waiting for a change to \(bench.copies(of: exercise))…")
            try await bench.waitForChange(to: exercise, from: checked)
        }
        try show("Every exercise passes: the workshop is done.")
    }

    /// Writes a line at once (watch runs until it is stopped), or fails with exit 74.
    private func show(_ text: String) throws(LabError) {
        try StandardOutput.write(text + "\n")
    }
}
