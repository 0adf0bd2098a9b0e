internal import Demos

// MARK: - Exercise

/// One exercise of the workshop: a small file that starts broken for one intended reason,
/// the lesson it teaches, and the hints that lead to its reference solution.
///
/// The starter and the solution live in `Sources/Workshop/WorkshopStarters/<folder>/` and
/// `Sources/Workshop/WorkshopSolutions/<folder>/` (`WorkshopMainActorDefault/Solutions/` for an
/// exercise compiled with the main actor as its default isolation); the learner edits a copy in
/// `Workshop/Exercises/<folder>/`, which only `lab workshop check` compiles.
public struct Exercise: Sendable, Identifiable {
    /// How the starter fails before the learner has changed anything.
    public enum StartingFailure: Sendable, Equatable {
        /// It compiles and runs, and this check is the first to fail.
        case check(String)
        /// It does not compile, and the compiler's first error contains this text.
        case compileError(containing: String)
    }

    /// The default actor isolation of the exercise's module (SE-0466): what a declaration
    /// that states no isolation is isolated to.
    public enum DefaultIsolation: Sendable, Equatable {
        /// Nonisolated, the compiler's default: the lab's own modules.
        case nonisolated
        /// The main actor: `.defaultIsolation(MainActor.self)` in the nested package's
        /// manifest, `-default-isolation MainActor` for the compiler.
        case mainActor

        /// Where the lab compiles the reference solutions and the wrong fixes of an exercise
        /// with this isolation, as paths from the package root: each isolation has its targets,
        /// as it has its compiler arguments.
        public var solutionsFolder: String {
            switch self {
            case .nonisolated: "Sources/Workshop/WorkshopSolutions"
            case .mainActor: "Sources/Workshop/WorkshopMainActorDefault/Solutions"
            }
        }

        public var wrongFixesFolder: String {
            switch self {
            case .nonisolated: "Sources/Workshop/WorkshopWrongFixes"
            case .mainActor: "Sources/Workshop/WorkshopMainActorDefault/WrongFixes"
            }
        }

        /// The compiler's arguments for it.
        public var compilerArguments: [String] {
            switch self {
            case .nonisolated: []
            case .mainActor: ["-default-isolation", "MainActor"]
            }
        }
    }

    /// The exercise's place in the order, from 1.
    public let number: Int
    /// Its name in kebab case, as in its folder's name.
    public let slug: String
    /// What the learner must achieve, in one line.
    public let goal: String
    /// The demo of the lesson, whose chapter the exercise practises.
    private let lessonDemo: any Demo.Type
    /// The files the learner edits, in the exercise's folder.
    public let files: [String]
    /// Hints, shown one at a time; the last one is close to the answer.
    public let hints: [String]
    public let startingFailure: StartingFailure
    /// The check's entry point, as the exercise's `main.swift` calls it:
    /// `ConfinementCheck<QueueArchive>`.
    public let entryPoint: String
    /// The ids of the checks its report holds, in order, after `source` and `compiles`.
    public let checkIDs: [CheckID]
    /// The escape hatches the exercise's own pattern needs (exercise 1's class promises to
    /// use its context on its queue alone: `nonisolated(unsafe)`).
    package let allows: Set<SourceEscape>
    /// Modules the exercise may import besides the store's and WorkshopKit.
    package let extraImports: Set<String>
    /// What to do instead of an escape hatch, in this exercise.
    package let escapeAdvice: String
    /// What to do instead of a synchronous wait, in this exercise.
    package let waitsAdvice: String
    /// Types the exercise keeps isolated to a global actor, as `(type, actor)`: the source
    /// rules refuse a file that drops the attribute (exercise 6's storage).
    package let keptIsolated: [(type: String, actor: String)]
    /// The default isolation the nested package compiles the exercise with, and its
    /// starter, solution and wrong fixes are compiled with.
    public let defaultIsolation: DefaultIsolation

    // MARK: What the guides say of it

    /// About how long a workshop gives it, in minutes (the trainers' guide's session).
    package let minutes: Int
    /// What its starter does wrong, as the workshop chapter's table says it.
    package let starterShows: String
    /// What a pass proves, as the workshop chapter's table says it.
    package let passesWhen: String
    /// What it teaches, in one sentence (the trainers' guide).
    package let teaches: String

    // MARK: What its checks must refuse

    /// The wrong fixes a hurried or a clever learner would try, which its checks must refuse.
    package let wrongFixes: [WrongFix]

    init(
        number: Int, slug: String, goal: String, demo: any Demo.Type,
        files: [String], hints: [String], startingFailure: StartingFailure,
        entryPoint: String, checkIDs: [CheckID],
        allows: Set<SourceEscape> = [], extraImports: Set<String> = [],
        escapeAdvice: String = "keep the isolation, and fix what it finds",
        waitsAdvice: String = "await context.perform { } instead, which suspends the caller and frees its thread",
        keptIsolated: [(type: String, actor: String)] = [],
        defaultIsolation: DefaultIsolation = .nonisolated,
        minutes: Int, starterShows: String, passesWhen: String, teaches: String,
        wrongFixes: [WrongFix]
    ) {

        self.number = number
        self.slug = slug
        self.goal = goal
        self.lessonDemo = demo
        self.files = files
        self.hints = hints
        self.startingFailure = startingFailure
        self.entryPoint = entryPoint
        self.checkIDs = checkIDs
        self.allows = allows
        self.extraImports = extraImports
        self.escapeAdvice = escapeAdvice
        self.waitsAdvice = waitsAdvice
        self.keptIsolated = keptIsolated
        self.defaultIsolation = defaultIsolation
        self.minutes = minutes
        self.starterShows = starterShows
        self.passesWhen = passesWhen
        self.teaches = teaches
        self.wrongFixes = Self.numbered(wrongFixes, number)
    }

    /// The text of the exercise's `main.swift`: the check's entry point, which
    /// `lab workshop check` puts back whenever it was changed. The check is named with its
    /// module, so that no type of the learner's file can stand in for it.
    public var entryPointSource: String {
        """
        // Exercise \(number)'s check. `lab workshop check \(number)` builds this folder (this file and your
        // \(files.joined(separator: ", "))) and runs it. Leave this file as it is.

        import WorkshopChecks

        await WorkshopChecks.\(entryPoint).main()

        """
    }


    public var id: Int { number }

    /// Whether the exercise is about confinement or crossing contexts: `lab workshop check`
    /// then runs it once more under ThreadSanitizer, for its `races` check.
    public var checksRaces: Bool { checkIDs.contains(.races) }

    /// `01-confinement`: the exercise's folder under each root.
    public var folder: String {
        (number < 10 ? "0\(number)" : "\(number)") + "-" + slug
    }

    /// The lesson of the guide that it practises: its demo's.
    public var lesson: Int { lessonDemo.lesson }

    /// The `lab demo` that shows the lesson.
    public var demo: String { lessonDemo.name }

    /// The guide's chapter for the lesson, as a path from the package root: its demo's.
    public var chapter: String { lessonDemo.chapter }

    /// The article the lesson comes from: its demo's.
    public var source: String { lessonDemo.source }
}
