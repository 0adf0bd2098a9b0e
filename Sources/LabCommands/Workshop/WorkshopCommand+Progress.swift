import ArgumentParser
import Demos
import Workshop

// MARK: - lab workshop list

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the exercises in order, with their lesson, goal and status, and say which is next."
    )

    func run() async throws {
        let bench = try Workbench.current()
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
            lines.append("Next: exercise \(next.number), \(next.slug): lab workshop \(verb) \(next.number)")
        } else {
            lines.append("Every exercise passes: the workshop is done.")
        }
        print(lines.joined(separator: "\n"))
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
        let exercise = try exercise.exercise()
        let (number, text) = try Workbench.current().nextHint(exercise)
        let count = exercise.hints.count
        var lines = ["Exercise \(exercise.number), hint \(number) of \(count):"] + wrap(text)
        lines.append(number < count
            ? "(lab workshop hint \(exercise.number) again gives the next one)"
            : "(that was the last hint; lab workshop solution \(exercise.number) shows the reference solution)")
        print(lines.joined(separator: "\n"))
    }
}
