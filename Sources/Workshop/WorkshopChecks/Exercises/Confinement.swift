internal import Demos
import WorkshopKit
// MARK: - Exercise 1: confinement

extension Exercise {
    package static let confinement = Exercise(
        number: 1, slug: "confinement",
        goal: "use a context only on its queue, through perform { }",
        demo: QueueConfinementDemo.self,
        files: ["QueueArchive.swift"],
        hints: [
            """
            The trap names what was touched and the context it belongs to. Which thread runs \
            importBatch(_:)? An async method of a class runs on the cooperative thread pool, \
            never on the context's queue.
            """,
            """
            Every use of the context must run on its queue. `try await context.perform { context in … }` \
            sends a closure there and resumes you with what it returns.
            """,
            """
            Wrap each method's body: `try await context.perform { context in try context.importBatch(batch) }`, \
            and the same for existingObject(with:).snapshot. Use the closure's `context` \
            argument, and return only Sendable values.
            """,
        ],
        startingFailure: .check("trap"),
        entryPoint: "ConfinementCheck<QueueArchive>", checkIDs: [.store, .contexts, .trap, .checksum, .reads, .done, .failure, .races, .waits],
        allows: [.nonisolatedUnsafe],
        escapeAdvice: "the one nonisolated(unsafe) the class needs is its context's, a promise that every use goes through perform"
    )
}

/// Exercise 1's check: the archive runs with the trap on and ends as the reference model says.
public enum ConfinementCheck<Archive: NoteArchive>: ExerciseChecker {
    public static var exercise: Exercise { .confinement }
    public static var contextPlacement: ContextPlacement { .onTheirOwnQueues }

    public static func measure(_ record: Recorder<ArchiveMeasurements>) async throws {
        try await Archive.measure(record)
    }

    public static func checks(_ measured: ArchiveMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        [.runsToTheEnd(run)] + Check.archiveOutcome(measured, of: Archive.self, run: run, data: data)
    }
}
