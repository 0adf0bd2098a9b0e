import NoteStore
import Workload

// MARK: - Exercise 14: an executor that waits

extension Exercise {
    package static let blockingExecutor = Exercise(
        number: 14, slug: "blocking-executor", lesson: 4,
        goal: "make the custom executor enqueue without waiting, so two actors can call each other",
        chapter: "Docs/LabGuide.docc/CustomExecutor.md", demo: "custom-executor",
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
        startingFailure: .check("deadlock")
    )
}

// MARK: - IndexedImporting

/// What exercise 14 asks of the learner's actor: import batches, index their titles, and
/// report the database's checksum.
public protocol IndexedImporting: Actor {
    init(container: NoteContainer) throws
    func importBatch(_ batch: NoteBatch) async throws
    func checksum() async throws -> Checksum
    /// Titles the importer's index holds.
    func indexedCount() async -> Int
}

/// What a run of an ``IndexedImporting`` measured.
public struct IndexedImportMeasurements: Measurements {
    var checksum: Checksum?
    var indexed: Int?

    public init() {}
}

// MARK: - BlockingExecutorCheck

/// Exercise 14's check: the import finishes before the watchdog, the database is the
/// reference model's, and every note is indexed.
public enum BlockingExecutorCheck<Importer: IndexedImporting>: ExerciseChecker {
    public static var exercise: Exercise { .blockingExecutor }

    public static func measure(_ record: Recorder<IndexedImportMeasurements>) async throws {
        record.step("opening the importer")
        let importer = try Importer(container: WorkshopData.container())
        record.step("importing the setup batches")
        for batch in WorkshopData.plan.setup { try await importer.importBatch(batch) }
        record.step("reading the checksum and the index")
        let checksum = try await importer.checksum()
        let indexed = await importer.indexedCount()
        record.record {
            $0.checksum = checksum
            $0.indexed = indexed
        }
    }

    public static func checks(_ measured: IndexedImportMeasurements, run: ChildRun) -> [Check] {
        let notes = WorkshopData.notes.count
        let indexedExpected = "\(notes) titles indexed"
        let deadlockFree = run.stop.map { $0.kind != .deadlock && $0.kind != .timeout } ?? true
        let watchdog = "no deadlock: the import finishes within the watchdog's \(watchdog.components.seconds) s"
        return [
            .verify("deadlock", deadlockFree, expected: watchdog, measured: run.stop?.description ?? "finished", problem: run.stop?.description ?? ""),
            deadlockFree ? .runsToTheEnd(run) : .notMeasured("trap", expected: "no trap: the run goes to its end", because: "the deadlock stopped the run"),
            .checksum(measured.checksum, reference: WorkshopData.expected.checksum, run: run),
            .of("index", measured.indexed, expected: indexedExpected, run: run) { indexed in
                .verify(
                    "index", indexed == notes, expected: indexedExpected, measured: "\(indexed) titles indexed",
                    problem: "\(indexed) of \(notes) titles indexed"
                )
            },
        ]
    }
}
