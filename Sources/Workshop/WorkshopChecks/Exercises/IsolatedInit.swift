internal import Demos
import WorkshopKit
import NoteStore
import Workload

// MARK: - Exercise 6: an isolated initializer

extension Exercise {
    package static let isolatedInit = Exercise(
        number: 6, slug: "isolated-init",
        goal: "create the global actor's isolated helper in an async setup(), not in init",
        demo: IsolatedInitDemo.self,
        files: ["NoteShelf.swift"],
        hints: [
            """
            Read the compiler's error. ShelfStorage is isolated to the global actor NoteShelf, \
            and so is its initializer. The actor's own init is nonisolated and synchronous: it \
            cannot wait to get onto the global actor.
            """,
            """
            An async init would do it, but `static let shared = NoteShelf()` cannot await \
            one. Create the helper later, in an async method every caller awaits first: \
            setup(container:) is there for that.
            """,
            """
            Declare `private var storage: ShelfStorage!`, leave init empty, and start \
            setup(container:) with `storage = await ShelfStorage()`. The book's fix is exactly \
            this.
            """,
        ],
        startingFailure: .compileError(containing: "isolated initializer 'init()' in a synchronous nonisolated context"),
        entryPoint: "IsolatedInitCheck<NoteShelf>", checkIDs: [.store, .trap, .titles, .failure, .waits],
        escapeAdvice: "a nonisolated init creates the helper off its global actor; create it in setup(container:), which can await the actor",
        keptIsolated: [(type: "ShelfStorage", actor: "NoteShelf")],
        minutes: 10,
        starterShows: "a global actor creates its isolated helper in `init`: it does not compile",
        passesWhen: "it compiles, and after `setup(container:)` the shelf holds every title",
        teaches: """
            A global actor cannot create its isolated helper in its own synchronous `init`; the \
            book's fix is an async `setup()`.
            """,
        wrongFixes: [
            WrongFix(
                name: "PlainStorageShelf", kind: .removesTheIsolation, refusedBy: .source,
                because: "ShelfStorage is no longer isolated to @NoteShelf"
            ),
            WrongFix(
                name: "NonisolatedInitShelf", kind: .removesTheIsolation, refusedBy: .source,
                because: "nonisolated init switches off the compiler's isolation checking"
            ),
            WrongFix(
                name: "OptionalLoadShelf", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "LineBreakInitShelf", kind: .removesTheIsolation, refusedBy: .source,
                because: "nonisolated init switches off"
            ),
            WrongFix(
                name: "PipeWaitingShelf", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
            WrongFix(
                name: "NearDuplicateShelf", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
        ]
    )
}

// MARK: - ShelfMeasurements

/// What a run of a ``SharedShelf`` measured.
public struct ShelfMeasurements: MeasuresPromises {
    var titles: [String]?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - IsolatedInitCheck

/// Exercise 6's check: it compiles (or `lab workshop check` says why not), sets up (and
/// throws when a read of the set-up fails), and holds every title.
public enum IsolatedInitCheck<Shelf: SharedShelf>: ExerciseChecker {
    public static var exercise: Exercise { .isolatedInit }

    public static func measure(_ record: Recorder<ShelfMeasurements>) async throws {
        record.step("importing the notes")
        let container = try await record.data.seeded()
        record.step("setting up the shared shelf while a read of one note fails")
        await record.failingReads("setup(container:)", of: record.data.readIDs[0], in: container) {
            try await Shelf.shared.setup(container: container)
        }
        record.step("setting up the shared shelf again")
        try await Shelf.shared.setup(container: container)
        record.step("reading the shelf's titles")
        let titles = await Shelf.shared.titles()
        record.record { $0.titles = titles }
    }

    public static func checks(_ measured: ShelfMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let reference = data.notes.map(\.title).sorted()
        let expected = "the \(reference.count) titles of the reference model, in order"
        return [
            .runsToTheEnd(run),
            .of(.titles, measured.titles, expected: expected, run: run) { titles in
                .verify(
                    .titles, titles == reference, expected: expected, measured: "\(titles.count) titles",
                    problem: "after setup(container:), the shelf holds \(titles.count) titles, not the "
                        + "reference model's \(reference.count) in title order"
                )
            },
            .failure(measured.promises, run: run),
        ]
    }
}
