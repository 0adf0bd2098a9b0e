internal import Demos
import WorkshopKit
import NoteStore
import Workload

// MARK: - Exercise 14: an executor that waits

extension Exercise {
    package static let blockingExecutor = Exercise(
        number: 14, slug: "blocking-executor",
        goal: "make the custom executor enqueue without waiting, so two actors can call each other",
        demo: CustomExecutorDemo.self,
        files: ["NoteImporter.swift"],
        hints: [
            """
            The backtrace ends in DispatchQueue.sync. Follow one import: the importer calls \
            the indexer, which calls the importer back. Which thread runs each job, and what \
            is it waiting for?
            """,
            """
            enqueue runs the job inside queue.sync, on the thread that enqueued it, and waits. \
            The importer's job is still on that thread's stack when the indexer's job calls \
            back into the importer: its queue waits for itself. An executor must hand the job \
            to its queue and return.
            """,
            """
            In WaitingExecutor.enqueue, write `queue.async { job.runSynchronously(on: executor) }` \
            instead of queue.sync, as the lab's ContextExecutor does.
            """,
        ],
        startingFailure: .check("deadlock"),
        entryPoint: "BlockingExecutorCheck<NoteImporter>", checkIDs: [.store, .deadlock, .trap, .executor, .checksum, .index, .done, .failure, .waits],
        allows: [.waitingCall],
        waitsAdvice: "an executor hands each job to its queue with async and returns, as ContextExecutor does",
        minutes: 15,
        starterShows: "an executor waits for each job (`queue.sync`), and two actors call each other",
        passesWhen: "no deadlock; the importer still on its executor; the checksum right, every note indexed",
        teaches: """
            An executor must hand each job to its queue and return: one that waits deadlocks as \
            soon as two of its actors call each other.
            """,
        wrongFixes: [
            WrongFix(
                name: "ExecutorlessImporter", kind: .removesTheIsolation, refusedBy: .executor,
                because: "lost its custom executor"
            ),
            WrongFix(
                name: "HalfWaitingImporter", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "an executor hands each job to its queue with async"
            ),
            WrongFix(
                name: "OptionalImportImporter", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "DetachedIndexImporter", kind: .skipsTheWork, refusedBy: .done,
                because: "of it ran on a context's queue after it returned"
            ),
            WrongFix(
                name: "IndexSpinningImporter", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
        ]
    )
}

// MARK: - IndexedImportMeasurements

/// What a run of an ``IndexedImporting`` measured.
public struct IndexedImportMeasurements: MeasuresPromises {
    var checksum: Checksum?
    var indexed: Int?
    /// Whether the importer's jobs run on a context's queue.
    var onAContextQueue: Bool?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - BlockingExecutorCheck

/// Exercise 14's check: the import finishes before the watchdog, the database is the
/// reference model's, and every note is indexed.
public enum BlockingExecutorCheck<Importer: IndexedImporting>: ExerciseChecker {
    public static var exercise: Exercise { .blockingExecutor }
    /// Half of the notes are imported through the importer, each indexed with a trip from
    /// the indexer's queue to the importer's and back: some 1,000 jobs, at the usual slowdown.
    static func importedThroughTheImporter(_ data: WorkshopData) -> [NoteBatch] {
        data.plan.setup.enumerated().filter { !$0.offset.isMultiple(of: 2) }.map(\.element)
    }

    public static func measure(_ record: Recorder<IndexedImportMeasurements>) async throws {
        let data = record.data
        record.step("opening the importer")
        let container = try data.container()
        let importer = try Importer(container: container)
        let onQueue = await importer.runsOnAContextQueue()
        record.record { $0.onAContextQueue = onQueue }
        record.step("importing half of the notes through a context of the check's own")
        try await data.importThroughTheCheck(data.plan.setup.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element), into: container)
        record.step("importing the other half through the importer")
        let witness = await DatabaseWitness.opened(container)
        for batch in importedThroughTheImporter(data) {
            try await record.done("importBatch(_:)", writes: batch.notes, seenBy: witness) { try await importer.importBatch(batch) }
        }
        record.step("reading the checksum and the index")
        let checksum = try await data.checksum(of: container)
        let indexed = await importer.indexedCount()
        record.record {
            $0.checksum = checksum
            $0.indexed = indexed
        }
        record.step("importing one more batch while a save of it fails")
        await record.failingBatch("importBatch(_:)", in: container, seenBy: witness) { batch in
            try await importer.importBatch(batch)
        }
    }

    public static func checks(_ measured: IndexedImportMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let notes = importedThroughTheImporter(data).reduce(0) { $0 + $1.notes.count }
        let queueExpected = "the importer's jobs run on its context's queue, through its executor"
        let indexedExpected = "\(notes) titles indexed"
        let deadlockFree = run.stop.map { $0.kind != .deadlock && $0.kind != .timeout } ?? true
        let watchdog = "no deadlock: the import finishes within the watchdog's \(watchdog.components.seconds) s"
        return [
            .verify(.deadlock, deadlockFree, expected: watchdog, measured: run.stop?.description ?? "finished", problem: run.stop?.description ?? ""),
            deadlockFree ? .runsToTheEnd(run) : .notMeasured(.trap, expected: "no trap: the run goes to its end", because: "the deadlock stopped the run"),
            .holds(
                .executor, measured.onAContextQueue, expected: queueExpected,
                measured: ("on a context's queue", "on the cooperative pool"),
                problem: "the importer's jobs do not run on a context's queue: it lost its custom executor. The "
                    + "lesson is to keep the executor and make it hand jobs over without waiting",
                run: run
            ),
            .checksum(measured.checksum, reference: data.expectedChecksum, run: run),
            .of(.index, measured.indexed, expected: indexedExpected, run: run) { indexed in
                .verify(
                    .index, indexed == notes, expected: indexedExpected, measured: "\(indexed) titles indexed",
                    problem: "\(indexed) of \(notes) titles indexed"
                )
            },
            .done(measured.promises, run: run),
            .failure(measured.promises, run: run),
        ]
    }
}

extension Actor {
    /// Whether this actor's jobs run on some context's queue.
    fileprivate func runsOnAContextQueue() -> Bool {
        ContextQueue.isOnAnyContextQueue
    }
}
