// A wrong fix of exercise 14 (blocking kept): the importer keeps the executor that waits
// (queue.sync in enqueue), and only the indexer becomes a default actor, so nothing calls
// back into the importer and nothing deadlocks. The check refuses it: `waits`.

import NoteStore
import WorkshopKit

/// Runs an actor's jobs on a context queue, waiting for each one to finish.
final class WaitingExecutor: SerialExecutor {
    let queue: ContextQueue

    init(queue: ContextQueue) {
        self.queue = queue
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.sync { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

actor HalfWaitingImporter: IndexedImporting {
    private let context: NoteContext
    private let executor: WaitingExecutor
    private let indexer = TitleIndexer()

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        executor = WaitingExecutor(queue: context.queue)
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try context.importBatch(batch)
        await indexer.index(batch.notes.map(\.id), from: self)
    }

    func title(of id: NoteID) throws -> String {
        try context.existingObject(with: id).title
    }

    func indexedCount() async -> Int {
        await indexer.count
    }
}

/// Titles by note, for search: a default actor now.
actor TitleIndexer {
    private var titles: [NoteID: String] = [:]

    var count: Int { titles.count }

    func index(_ ids: [NoteID], from importer: HalfWaitingImporter) async {
        for id in ids {
            titles[id] = try? await importer.title(of: id)
        }
    }
}
