// A wrong fix of exercise 14 (returns before its work is done): the executor hands each job
// to its queue and returns, as the lesson asks, but importBatch(_:) starts the indexing in
// a task and returns without waiting for it, "the index can catch up in the background".
// The caller is told the batch is imported and indexed while the index is still being
// built; only indexedCount() waits for it, and anything else that reads the index in
// between finds it short.

import NoteStore
import WorkshopKit

final class DetachedIndexImporterExecutor: SerialExecutor {
    let queue: ContextQueue

    init(queue: ContextQueue) {
        self.queue = queue
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

actor DetachedIndexImporter: IndexedImporting {
    private let context: NoteContext
    private let executor: DetachedIndexImporterExecutor
    private let indexer = DetachedIndexImporterIndexer()
    private var indexing: [Task<Void, Never>] = []

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        executor = DetachedIndexImporterExecutor(queue: context.queue)
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try context.importBatch(batch)
        let ids = batch.notes.map(\.id)
        indexing.append(Task { await indexer.index(ids, from: self) })
    }

    func title(of id: NoteID) throws -> String {
        try context.existingObject(with: id).title
    }

    func indexedCount() async -> Int {
        // The count waits for the index to catch up.
        for task in indexing { await task.value }
        return await indexer.count
    }
}

actor DetachedIndexImporterIndexer {
    private let executor = DetachedIndexImporterExecutor(queue: ContextQueue(label: "indexer"))
    private var titles: [NoteID: String] = [:]

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    var count: Int { titles.count }

    func index(_ ids: [NoteID], from importer: DetachedIndexImporter) async {
        for id in ids {
            titles[id] = try? await importer.title(of: id)
        }
    }
}
