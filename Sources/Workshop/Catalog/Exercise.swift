internal import Demos

// MARK: - Exercise

/// One exercise of the workshop: a small file that starts broken for one intended reason,
/// the lesson it teaches, and the hints that lead to its reference solution.
///
/// The starter and the solution live in `Sources/WorkshopStarters/<folder>/` and
/// `Sources/WorkshopSolutions/<folder>/`; the learner edits a copy in
/// `Workshop/Exercises/<folder>/`, which only `lab workshop check` compiles.
public struct Exercise: Sendable, Identifiable {
    /// How the starter fails before the learner has changed anything.
    public enum StartingFailure: Sendable, Equatable {
        /// It compiles and runs, and this check is the first to fail.
        case check(String)
        /// It does not compile, and the compiler's first error contains this text.
        case compileError(containing: String)
    }

    /// The exercise's place in the order, from 1.
    public let number: Int
    /// Its name in kebab case, as in its folder's name.
    public let slug: String
    /// The lesson of the guide's twelve that it practises.
    public let lesson: Int
    /// What the learner must achieve, in one line.
    public let goal: String
    /// The guide's chapter for the lesson, as a path from the package root.
    public let chapter: String
    /// The `lab demo` that shows the lesson.
    public let demo: String
    /// The files the learner edits, in the exercise's folder.
    public let files: [String]
    /// Hints, shown one at a time; the last one is close to the answer.
    public let hints: [String]
    public let startingFailure: StartingFailure

    init(
        number: Int, slug: String, lesson: Int, goal: String, chapter: String, demo: String,
        files: [String], hints: [String], startingFailure: StartingFailure
    ) {
        self.number = number
        self.slug = slug
        self.lesson = lesson
        self.goal = goal
        self.chapter = chapter
        self.demo = demo
        self.files = files
        self.hints = hints
        self.startingFailure = startingFailure
    }

    public var id: Int { number }

    /// `01-confinement`: the exercise's folder under each root.
    public var folder: String {
        (number < 10 ? "0\(number)" : "\(number)") + "-" + slug
    }

    /// The article the lesson comes from: the one its demo names.
    public var source: String {
        DemoCatalog.demo(named: demo)?.source ?? ""
    }
}
