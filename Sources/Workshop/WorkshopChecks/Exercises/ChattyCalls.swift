import WorkshopKit
import Foundation
import NoteStore
import Workload

// MARK: - Exercise 10: chatty calls

extension Exercise {
    package static let chattyCalls = Exercise(
        number: 10, slug: "chatty-calls", lesson: 10,
        goal: "load a row's four values with one call to the actor, not four",
        chapter: "Docs/LabGuide.docc/ActorPerObject.md", demo: "actor-per-object",
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
        entryPoint: "ChattyCallsCheck<NoteRowModel>", checkIDs: ["store", "trap", "rows", "hops", "dispatches", "waits"],
        escapeAdvice: "keep the model on the main actor and the details on their actor, and cross with one call that returns a Sendable row"
    )
}

// MARK: - RowMeasurements

/// What a run of a ``RowLoading`` measured.
public struct RowMeasurements: Measurements {
    var wrongRows: Int?
    var perCall: PerCall?

    public init() {}
}

// MARK: - ChattyCallsCheck

/// Exercise 10's check: right rows, at the cost of one call into the actor each, counted on
/// the main actor where the model runs.
public enum ChattyCallsCheck<Model: RowLoading>: ExerciseChecker {
    public static var exercise: Exercise { .chattyCalls }

    public static func measure(_ record: Recorder<RowMeasurements>) async throws {
        let data = record.data
        record.step("importing the notes")
        let container = try await data.seeded()
        record.step("loading \(data.readIDs.count) rows on the main actor")
        let wrong = try await wrongRows(container, data: data)
        record.record { $0.wrongRows = wrong }
        record.step("counting the hops and queue dispatches of load(_:) on the main actor")
        let perCall = try await costOfLoading(container, data: data)
        record.record { $0.perCall = perCall }
    }

    @MainActor
    private static func wrongRows(_ container: NoteContainer, data: WorkshopData) async throws -> Int {
        let model = try Model(container: container)
        var wrong = 0
        for id in data.readIDs {
            try await model.load(id)
            if model.row != reference(id, data: data) { wrong += 1 }
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

    static func reference(_ id: NoteID, data: WorkshopData) -> NoteRow {
        let note = data.note(id)
        return NoteRow(title: note.title, body: note.body, folderName: data.folderName(note.folder), modified: note.modified)
    }

    public static func checks(_ measured: RowMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let count = data.readIDs.count
        let expected = "the reference model's values in all \(count) rows"
        return [
            .runsToTheEnd(run),
            .of("rows", measured.wrongRows, expected: expected, run: run) { wrong in
                .verify(
                    "rows", wrong == 0, expected: expected, measured: "\(count - wrong) of \(count) rows right",
                    problem: "\(wrong) of \(count) rows differ from the reference model's values"
                )
            },
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
