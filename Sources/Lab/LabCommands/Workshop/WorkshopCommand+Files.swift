import Support
import ChildProcesses
import ArgumentParser
import Foundation
import Workbench
import WorkshopChecks

// MARK: - lab workshop start

struct StartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Copy an exercise's starter where you edit it, and say what to do.",
        discussion: "An existing copy is kept as it is; `lab workshop reset N` brings back the starter."
    )

    @OptionGroup var exercise: ExerciseNumber

    func run() async throws {
        Interruption.install(saying: "the command stopped")
        let exercise = try exercise.exercise()
        let bench = try Workbench.current()
        let copied = try bench.start(exercise)
        var lines = bench.introduction(of: exercise) + [""]
        lines.append(copied.isEmpty
            ? "Already started: edit \(bench.copies(of: exercise)) (\(LabCommandLine.command("workshop reset \(exercise.number)")) brings back the starter)."
            : "Edit \(bench.copies(of: exercise)), then run: \(LabCommandLine.command("workshop check \(exercise.number)"))")
        try StandardOutput.write(lines: lines)
    }
}

// MARK: - lab workshop reset

struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Put an exercise's starter back in place of your copy."
    )

    @OptionGroup var exercise: ExerciseNumber

    func run() async throws {
        Interruption.install(saying: "the command stopped")
        let exercise = try exercise.exercise()
        let bench = try Workbench.current()
        try bench.reset(exercise)
        try StandardOutput.write("Exercise \(exercise.number) is back at its starter: \(bench.copies(of: exercise))\n")
    }
}

// MARK: - lab workshop solution

struct SolutionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solution",
        abstract: "Print an exercise's reference solution as a diff against its starter.",
        discussion: "The diff names your copy's path: `lab workshop solution N | git apply` applies it to an unedited copy."
    )

    @OptionGroup var exercise: ExerciseNumber

    func run() async throws {
        let exercise = try exercise.exercise()
        try StandardOutput.write(try Workbench.current().solutionDiff(exercise))
    }
}
