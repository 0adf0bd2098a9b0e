import Support
import ChildProcesses
import ArgumentParser
import NoteStore
import Workbench
import WorkshopChecks

// MARK: - WorkshopCommand

/// `lab workshop`: graded exercises, checked by the lab's own meters.
struct WorkshopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workshop",
        abstract: "Fix broken code one lesson at a time, checked by the lab's own meters.",
        discussion: """
            Each exercise is a small file that starts broken for one reason. Start it, edit \
            your copy, and check it: the check says, with the trap, the hop meter, the queue \
            counters, the leak check, the database checksum or the compiler, what is still \
            wrong. Without a subcommand, lists the exercises and says which one is next.
            """,
        subcommands: [
            ListCommand.self, StartCommand.self, CheckCommand.self, WatchCommand.self,
            HintCommand.self, SolutionCommand.self, ResetCommand.self,
        ],
        defaultSubcommand: ListCommand.self
    )
}

// MARK: - The exercise argument

/// The exercise a subcommand works on: its number or its name, as the list shows them.
struct ExerciseNumber: ParsableArguments {
    @Argument(help: "The exercise's number or name, as `lab workshop` lists them: 1, or confinement.")
    var number: String

    /// The exercise, or a one-line usage error that names the valid numbers.
    func exercise() throws(LabError) -> Exercise {
        let all = ExerciseCatalog.all
        if let value = Int(number) {
            guard let exercise = ExerciseCatalog.exercise(value) else {
                throw .usage("there is no exercise \(value): the exercises are 1 to \(all.count) (\(LabCommandLine.command("workshop")) lists them)")
            }
            return exercise
        }
        guard let exercise = all.first(where: { $0.slug == number.lowercased() }) else {
            throw .usage(
                "there is no exercise '\(number.shown)': give its number, 1 to \(all.count), or its name, such as \(all[0].slug) (\(LabCommandLine.command("workshop")) lists them)"
            )
        }
        return exercise
    }
}

// MARK: - Output

extension Workbench {
    /// "Exercise 1: confinement, lesson 1", its goal, its source, and where to read more.
    func introduction(of exercise: Exercise) -> [String] {
        [
            "Exercise \(exercise.number): \(exercise.slug) (lesson \(exercise.lesson))",
            "  Goal: \(exercise.goal)",
            "  Source: \(exercise.source)",
            "  Read: \(exercise.chapter); see it happen: \(LabCommandLine.command("demo \(exercise.demo)"))",
        ]
    }

    /// The learner's copies of `exercise`, as paths from the checkout's root.
    func copies(of exercise: Exercise) -> String {
        exercise.files.map { layout.relative(layout.copy(exercise, $0)) }.joined(separator: ", ")
    }
}
