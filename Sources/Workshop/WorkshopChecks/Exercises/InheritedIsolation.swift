internal import Demos
import WorkshopKit
import NoteStore

// MARK: - Exercise 13: the crash with no warning

extension Exercise {
    package static let inheritedIsolation = Exercise(
        number: 13, slug: "inherited-isolation",
        goal: "stop a @MainActor closure from running on the context's queue: use the async perform",
        demo: NoWarningCrashDemo.self,
        files: ["NoteList.swift"],
        hints: [
            """
            The compiler said nothing, and the process stops as the closure starts, on the \
            context's queue. The backtrace names Swift's isolation check: who does Swift 6 \
            think that closure belongs to?
            """,
            """
            A closure written in @MainActor code, and passed to an API that does not say it \
            is Sendable, is isolated to the main actor, as Task { } is. performBlock comes \
            from a module built without strict checking, like an Objective-C callback API \
            that no one annotated, so Swift checks at run time, and the check fails on the \
            context's queue. (Core Data's own perform(_:) takes a @Sendable closure in \
            today's SDK: there the compiler rejects this code instead.)
            """,
            """
            Use the store's async perform, whose closure is `sending` and isolated to no \
            actor: `titles = try await context.perform { context in try context.fetch().map(\\.title) }`.
            """,
        ],
        startingFailure: .check("trap"),
        entryPoint: "InheritedIsolationCheck<NoteList>", checkIDs: [.store, .contexts, .trap, .titles, .failure, .races, .waits],
        extraImports: ["PreconcurrencyStore"],
        minutes: 15,
        starterShows: """
            a closure written in `@MainActor` code runs on the context's queue: Swift's run-time \
            check stops it
            """,
        passesWhen: "no trap, and every title loaded",
        teaches: """
            A closure written in `@MainActor` code, handed to a callback API never audited for \
            concurrency, is checked at run time and stops on the context's queue; the async \
            `perform` is the fix. (Today's Core Data `perform(_:)` takes a `@Sendable` closure, so \
            there the compiler rejects the code instead.)
            """,
        wrongFixes: [
            WrongFix(
                name: "WaitingNoteList", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "on the main thread"
            ),
            WrongFix(
                name: "PollingNoteList", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
            WrongFix(
                name: "MainActorConfinedNoteList", kind: .keepsTheMisconception, refusedBy: .contexts,
                because: "confined to an actor"
            ),
            WrongFix(
                name: "KeptListNoteList", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "AddressPassingNoteList", kind: .removesTheIsolation, refusedBy: .source,
                because: "an unsafe pointer"
            ),
        ]
    )
}

// MARK: - NoteListMeasurements

/// What a run of a ``NoteListModel`` measured.
public struct NoteListMeasurements: MeasuresPromises {
    var titles: [String]?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - InheritedIsolationCheck

/// Exercise 13's check: reload() runs to its end and loads every title.
public enum InheritedIsolationCheck<Model: NoteListModel>: ExerciseChecker {
    public static var exercise: Exercise { .inheritedIsolation }
    /// A read on a main-queue context from the main actor is an accepted answer: Core Data
    /// documents its view context as "associated with the main queue". A context confined
    /// to an actor is not: Core Data has no such thing.
    public static var contextPlacement: ContextPlacement { .notConfinedToActors }

    public static func measure(_ record: Recorder<NoteListMeasurements>) async throws {
        record.step("importing the notes")
        let container = try await record.data.seeded()
        record.step("reloading the list on the main actor")
        let model = try await makeModel(container)
        let titles = try await reload(model)
        record.record { $0.titles = titles }
        record.step("reloading the list while a read of one note fails")
        await record.failingReads("reload()", of: record.data.readIDs[0], in: container) { @MainActor in try await model.reload() }
    }

    /// The list's model, made where a view makes it: on the main actor.
    @MainActor
    private static func makeModel(_ container: NoteContainer) throws -> Model {
        try Model(container: container)
    }

    @MainActor
    private static func reload(_ model: Model) async throws -> [String] {
        try await model.reload()
        return model.titles
    }

    public static func checks(_ measured: NoteListMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let reference = data.notes.sorted { $0.id < $1.id }.map(\.title)
        let expected = "the \(reference.count) titles of the reference model, in identifier order"
        return [
            .runsToTheEnd(run),
            .of(.titles, measured.titles, expected: expected, run: run) { titles in
                .verify(
                    .titles, titles == reference, expected: expected, measured: "\(titles.count) titles",
                    problem: "reload() loaded \(titles.count) titles, not the reference model's \(reference.count)"
                )
            },
            .failure(measured.promises, run: run),
        ]
    }
}
