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
        escapeAdvice: "the one nonisolated(unsafe) the class needs is its context's, a promise that every use goes through perform",
        minutes: 15,
        starterShows: "a class uses its context from async methods: the concurrency-debug trap fires",
        passesWhen: "no trap; the checksum and every read equal the reference model's",
        teaches: "A context belongs to its queue: every use goes through `perform`.",
        wrongFixes: [
            WrongFix(
                name: "OwnStoreArchive", kind: .ignoresWhatIsHandedIn, refusedBy: .store,
                because: "opened 1 container of its own"
            ),
            WrongFix(
                name: "RememberingArchive", kind: .neverTouchesTheDatabase, refusedBy: .reads,
                because: "a value read differs from the reference model's"
            ),
            WrongFix(
                name: "GlobalThreadArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "on a thread held for it"
            ),
            WrongFix(
                name: "MainQueueArchive", kind: .ignoresWhatIsHandedIn, refusedBy: .contexts,
                because: "on the main queue"
            ),
            WrongFix(
                name: "WorkItemWaitingArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
            WrongFix(
                name: "PosixSemaphoreArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
            WrongFix(
                name: "ScheduledImportArchive", kind: .skipsTheWork, refusedBy: .done,
                because: "returned before its work was done"
            ),
            WrongFix(
                name: "SkippingFailedBatchArchive", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "LoggedFailureArchive", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "NoteByNoteArchive", kind: .skipsTheWork, refusedBy: .failure,
                because: "not saved in one transaction"
            ),
            WrongFix(
                name: "PrefetchingArchive", kind: .removesTheIsolation, refusedBy: .races,
                because: "ThreadSanitizer found a"
            ),
        ]
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
