import GlobalActorStore
import NoteStore
import Workload

// MARK: - Exercise 5: a global actor's helpers

extension Exercise {
    package static let globalActor = Exercise(
        number: 5, slug: "global-actor", lesson: 5,
        goal: "isolate the helper to @DatabaseActor instead of making it an actor: 2 hops per call",
        chapter: "Docs/LabGuide.docc/GlobalActor.md", demo: "global-actor",
        files: ["NoteIndex.swift"],
        hints: [
            """
            Count the trips of one title(of:) call: into the database actor, out to \
            TitleCache and back, and back to you. The two in the middle buy nothing: the \
            cache is only ever used from the database actor.
            """,
            """
            Types isolated to one global actor share its executor, so they call each other \
            synchronously: no await, no hop. That is how the book's @ImageDatabase class \
            DiskStorage works.
            """,
            """
            Replace `actor TitleCache` with `@DatabaseActor final class TitleCache`, then \
            remove the `await`s before its calls in NoteIndex.
            """,
        ],
        startingFailure: .check("hops")
    )
}

// MARK: - TitleIndex

/// What exercise 5 asks of the learner's type: titles by identifier, from a class isolated
/// to the database's global actor.
@DatabaseActor
public protocol TitleIndex: AnyObject, Sendable {
    init(container: NoteContainer) throws
    func title(of id: NoteID) async throws -> String
}

/// What a run of a ``TitleIndex`` measured.
public struct TitleIndexMeasurements: Measurements {
    var reads: Checksum?
    var perCall: PerCall?

    public init() {}
}

// MARK: - GlobalActorCheck

/// Exercise 5's check: right titles, and a call costs what a global actor's call costs.
public enum GlobalActorCheck<Index: TitleIndex>: ExerciseChecker {
    public static var exercise: Exercise { .globalActor }

    public static func measure(_ record: Recorder<TitleIndexMeasurements>) async throws {
        record.step("importing the notes")
        let container = try await WorkshopData.seeded()
        record.step("opening the index")
        let index = try await Index(container: container)
        record.step("reading \(WorkshopData.readIDs.count) titles")
        var reads = Checksum()
        for id in WorkshopData.readIDs { reads.combine(try await index.title(of: id)) }
        record.record { $0.reads = reads }
        record.step("counting the hops of title(of:)")
        let id = WorkshopData.readIDs[0]
        let perCall = try await CallMeter.perCall { _ = try await index.title(of: id) }
        record.record { $0.perCall = perCall }
    }

    public static func checks(_ measured: TitleIndexMeasurements, run: ChildRun) -> [Check] {
        var reference = Checksum()
        for id in WorkshopData.readIDs { reference.combine(WorkshopData.note(id).title) }
        let declared = RowDescriptor.globalActor.expectedHops!.hops(.title)
        return [
            .runsToTheEnd(run),
            .reads(measured.reads, reference: reference, run: run),
            .hops(
                measured.perCall, budget: Double(declared.lowerBound)...Double(declared.upperBound), per: "call",
                why: "into the database actor and back is 2; a helper that is an actor of its own adds a trip "
                    + "out and back on every call",
                run: run
            ),
        ]
    }
}
