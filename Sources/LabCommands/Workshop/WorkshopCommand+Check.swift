import ArgumentParser
import Foundation
import Workshop

// MARK: - lab workshop check

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Build your copy of an exercise and run its checks; exit 0 when it passes, 1 when not.",
        discussion: """
            The first check of an exercise starts it. The first check of all also compiles the \
            lab's modules for the workshop, once: a minute or two. Later checks take seconds.
            """
    )

    @OptionGroup var exercise: ExerciseNumber

    @Flag(name: .long, help: "Print the result as JSON: the exercise, whether it passed, and each check's expected and measured values.")
    var json = false

    func run() async throws {
        let exercise = try exercise.exercise()
        let bench = try Workbench.current()
        let report = try await bench.check(exercise)
        print(json ? report.json() : report.text(for: exercise, next: bench.next))
        try report.verdict(exercise)
    }
}

extension CheckReport {
    /// Nothing when the exercise passes; else the one-line failure `lab` exits 1 with.
    func verdict(_ exercise: Exercise) throws(LabError) {
        guard let failure = firstFailure else { return }
        throw .checkFailed(
            "exercise \(exercise.number) does not pass yet (\(failure.id)); a hint: lab workshop hint \(exercise.number)"
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
        let bench = try Workbench.current()
        show("Watching: each save checks the exercise again; Ctrl-C stops.\n")
        while let exercise = bench.next {
            let checked = bench.digest(of: exercise)
            let report = try await bench.check(exercise)
            show(report.text(for: exercise, next: bench.next) + "\n")
            if report.passed { continue }
            show("Waiting for a change to \(bench.copies(of: exercise))…")
            try await bench.waitForChange(to: exercise, from: checked)
        }
        show("Every exercise passes: the workshop is done.")
    }

    /// Writes a line at once: `print` holds its output back when standard output is a
    /// pipe or a file, and watch runs until it is stopped.
    private func show(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

extension Workbench {
    /// Returns once the learner's copies of `exercise` differ from the version whose digest
    /// is `checked`: at once when they already do.
    func waitForChange(to exercise: Exercise, from checked: String?) async throws {
        while digest(of: exercise) == checked {
            try await Task.sleep(for: .milliseconds(500))
        }
    }
}
