import ArgumentParser
import ChildProcesses
import Demos
import Foundation
import Workbench
import WorkshopChecks
import Support

// MARK: - lab workshop list

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the exercises in order, with their lesson, goal and status, and say which is next."
    )

    @Flag(name: .long, help: "Print the list as JSON: each exercise's number, name, lesson, goal and status, and the next one.")
    var json = false

    func run() async throws {
        Interruption.install(saying: "the command stopped")
        let bench = try Workbench.current()
        if json {
            try StandardOutput.write(bench.listJSON() + "\n")
            return
        }
        let width = ExerciseCatalog.all.map(\.slug.count).max() ?? 0
        var lines = [
            "The workshop: \(ExerciseCatalog.all.count) exercises, each a small file that starts broken for one reason.",
            "",
            "   #  " + "exercise".padding(toLength: width, withPad: " ", startingAt: 0) + "  lesson  status       goal",
        ]
        for exercise in ExerciseCatalog.all {
            let number = exercise.number < 10 ? " \(exercise.number)" : "\(exercise.number)"
            let lesson = exercise.lesson < 10 ? "     \(exercise.lesson)" : "    \(exercise.lesson)"
            let status = bench.status(of: exercise).rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
            lines.append("  \(number)  \(exercise.slug.padding(toLength: width, withPad: " ", startingAt: 0))  \(lesson)  \(status)  \(exercise.goal)")
        }
        lines.append("")
        if let next = bench.next {
            let verb = bench.status(of: next) == .notStarted ? "start" : "check"
            lines.append("Next: exercise \(next.number), \(next.slug): \(LabCommandLine.command("workshop \(verb) \(next.number)"))")
        } else {
            lines.append("Every exercise passes: the workshop is done.")
        }
        try StandardOutput.write(lines: lines)
    }
}

extension Workbench {
    /// `lab workshop --json`: `{"exercises": [{"number", "name", "lesson", "goal", "status"}], "next"}`.
    func listJSON() throws(LabError) -> String {
        let exercises: [[String: Any]] = ExerciseCatalog.all.map { exercise in
            [
                "number": exercise.number, "name": exercise.slug, "lesson": exercise.lesson, "goal": exercise.goal,
                "status": status(of: exercise).rawValue,
            ]
        }
        let object: [String: Any] = ["exercises": exercises, "next": next.map { $0.number as Any } ?? NSNull()]
        do {
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw .data("cannot encode the list as JSON: \(error)")
        }
    }
}

// MARK: - lab workshop hint

struct HintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hint",
        abstract: "Show an exercise's next hint: one at a time, the last one close to the answer."
    )

    @OptionGroup var exercise: ExerciseNumber

    func run() async throws {
        Interruption.install(saying: "the command stopped")
        let exercise = try exercise.exercise()
        let bench = try Workbench.current()
        let hint = try bench.takeHint(exercise)
        let count = exercise.hints.count
        var lines = ["Exercise \(exercise.number), hint \(hint.number) of \(count):"] + wrap(hint.text)
        lines.append(hint.number < count
            ? "(\(LabCommandLine.command("workshop hint \(exercise.number)")) again gives the next one)"
            : "(that was the last hint; \(LabCommandLine.command("workshop solution \(exercise.number)")) shows the reference solution)")
        do {
            try StandardOutput.write(lines: lines)
        } catch {
            // Not shown, so not counted: the next hint command shows this one again.
            if hint.counted { bench.returnHint(exercise, number: hint.number) }
            throw error
        }
    }
}
