internal import Demos
import WorkshopKit
import Foundation
import NoteStore
import Workload

// MARK: - Exercise 10: chatty calls

extension Exercise {
    package static let chattyCalls = Exercise(
        number: 10, slug: "chatty-calls",
        goal: "load a row's four values with one call to the actor, not four",
        demo: ActorPerObjectDemo.self,
        files: ["NoteRowModel.swift"],
        hints: [
            """
            Every await on NoteDetails leaves the main actor for the context's queue and comes \
            back: two hops and a job on the queue. How many does one row cost?
            """,
            """
            The row needs four values of one note. One actor method can read them all on the \
            queue, in one job, and hand back one Sendable value: a NoteRow.
            """,
            """
            Add `func row(for id: NoteID) throws -> NoteRow` to NoteDetails, reading the note \
            once with existingObject(with:); in the model, keep one `private(set) var row` and \
            set it with a single `row = try await details.row(for: id)`.
            """,
        ],
        startingFailure: .check("hops"),
        entryPoint: "ChattyCallsCheck<NoteRowModel>", checkIDs: [.store, .contexts, .trap, .rows, .failure, .hops, .dispatches, .waits],
        escapeAdvice: "keep the model on the main actor and the details on their actor, and cross with one call that returns a Sendable row",
        minutes: 10,
        starterShows: "a view model reads four properties through four awaits: 8 hops, 4 dispatches a row",
        passesWhen: "at most 2 hops and 1 queue dispatch a row",
        teaches: "Four awaited property reads cost four round trips; one call that returns a value costs one.",
        wrongFixes: [
            WrongFix(
                name: "CachedRowModel", kind: .skipsTheWork, refusedBy: .hops,
                because: "8 hops per row"
            ),
            WrongFix(
                name: "SemaphoreWaitingRowModel", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
            WrongFix(
                name: "RememberedRowModel", kind: .keepsTheMisconception, refusedBy: .rows,
                because: "a later save"
            ),
            WrongFix(
                name: "KeptRowModel", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "ReflectedRowModel", kind: .removesTheIsolation, refusedBy: .source,
                because: "reflection (Mirror, dump) reads"
            ),
        ]
    )
}

// MARK: - RowMeasurements

/// What a run of a ``RowLoading`` measured.
public struct RowMeasurements: MeasuresPromises {
    var wrongRows: Int?
    /// Rows loaded again after another context saved new values for them, that still showed
    /// the old ones.
    var staleRows: Int?
    var perCall: PerCall?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - ChattyCallsCheck

/// Exercise 10's check: right rows, at the cost of one call into the actor each, counted on
/// the main actor where the model runs.
public enum ChattyCallsCheck<Model: RowLoading>: ExerciseChecker {
    public static var exercise: Exercise { .chattyCalls }
    /// A read on a main-queue context from the main actor is an accepted answer: Core Data
    /// documents its view context as "associated with the main queue". A context confined
    /// to an actor is not: Core Data has no such thing.
    public static var contextPlacement: ContextPlacement { .notConfinedToActors }

    public static func measure(_ record: Recorder<RowMeasurements>) async throws {
        let data = record.data
        record.step("importing the notes")
        let container = try await data.seeded()
        record.step("loading \(data.readIDs.count) rows on the main actor")
        let model = try await makeModel(container)
        let wrong = try await wrongRows(model, data.readIDs.map(data.note), data: data)
        record.record { $0.wrongRows = wrong }
        let later = Array(Set(data.readIDs)).sorted().prefix(5).map { data.editedLater(data.note($0)) }
        record.step("loading \(later.count) of those rows again, after another context saved new values for them")
        try await data.saveLater(later, in: container)
        let stale = try await wrongRows(model, later, data: data)
        record.record { $0.staleRows = stale }
        record.step("counting the hops and queue dispatches of load(_:) on the main actor")
        let perCall = try await costOfLoading(container, data: data)
        record.record { $0.perCall = perCall }
        record.step("loading a row whose read fails")
        let failing = data.unreadIDs(CallMeter.calls + 1).last!
        await record.failingReads("load(_:)", of: failing, in: container) { @MainActor in try await model.load(failing) }
    }

    /// The model, made where a view makes it: on the main actor.
    @MainActor
    private static func makeModel(_ container: NoteContainer) throws -> Model {
        try Model(container: container)
    }

    /// Loads the rows of `notes` through `model`, and counts those that differ from the
    /// notes' values.
    @MainActor
    private static func wrongRows(_ model: Model, _ notes: [NoteSnapshot], data: WorkshopData) async throws -> Int {
        var wrong = 0
        for note in notes {
            try await model.load(note.id)
            if model.row != row(of: note, data: data) { wrong += 1 }
        }
        return wrong
    }

    @MainActor
    private static func costOfLoading(_ container: NoteContainer, data: WorkshopData) async throws -> PerCall {
        let model = try Model(container: container)
        // A different note every call: a model that keeps rows cannot answer from memory.
        let ids = data.unreadIDs(CallMeter.calls)
        return try await CallMeter.perCall { call in try await model.load(ids[call]) }
    }

    /// The row that shows `note`.
    static func row(of note: NoteSnapshot, data: WorkshopData) -> NoteRow {
        NoteRow(title: note.title, body: note.body, folderName: data.folderName(note.folder), modified: note.modified)
    }

    public static func checks(_ measured: RowMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let count = data.readIDs.count
        let expected = "the reference model's values in all \(count) rows, and the new values after a later save"
        return [
            .runsToTheEnd(run),
            .of(.rows, measured.wrongRows, expected: expected, run: run) { wrong in
                let stale = measured.staleRows ?? 0
                return .verify(
                    .rows, wrong == 0 && stale == 0, expected: expected,
                    measured: "\(count - wrong) of \(count) rows right; \(stale) stale after a later save",
                    problem: wrong > 0
                        ? "\(wrong) of \(count) rows differ from the reference model's values"
                        : "\(stale) rows loaded again after another context saved new values for them still showed "
                            + "the old ones (a later save): a row kept from an earlier load is stale as soon as "
                            + "another context saves. Load the row from the context each time"
                )
            },
            .failure(measured.promises, run: run),
            .hops(
                measured.perCall, budget: 0...2, per: "row",
                why: "each await on the actor leaves the main actor and comes back; one call per row is 2", run: run
            ),
            .dispatches(
                measured.perCall, budget: 0...1, per: "row",
                why: "each call into the actor is a job on its context's queue; one call per row is 1", run: run
            ),
        ]
    }
}
