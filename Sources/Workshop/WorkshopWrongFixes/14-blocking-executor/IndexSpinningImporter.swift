// A wrong fix of exercise 14 (blocking instead of awaiting): the executor hands each job to
// its queue and returns, as the lesson asks, and the importer sends the titles to the
// indexer instead of being called back, "so nothing can deadlock"; then it spins on an
// atomic flag until the indexer is done. The importer's queue, a context's, is held
// spinning for as long as the indexer works.

import NoteStore
import Synchronization
import WorkshopKit

final class IndexSpinningImporterExecutor: SerialExecutor {
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

actor IndexSpinningImporter: IndexedImporting {
    private let context: NoteContext
    private let executor: IndexSpinningImporterExecutor
    private let indexer = IndexSpinningImporterIndexer()

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        executor = IndexSpinningImporterExecutor(queue: context.queue)
    }

    private final class Done: Sendable {
        let flag = Atomic<Bool>(false)
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try context.importBatch(batch)
        let titles = try batch.notes.map { note throws(NoteStoreError) in (note.id, try context.existingObject(with: note.id).title) }
        let indexer = indexer
        let done = Done()
        Task.detached {
            await indexer.index(titles)
            done.flag.store(true, ordering: .releasing)
        }
        while !done.flag.load(ordering: .acquiring) {}
    }

    func indexedCount() async -> Int {
        await indexer.count
    }
}

actor IndexSpinningImporterIndexer {
    private let executor = IndexSpinningImporterExecutor(queue: ContextQueue(label: "indexer"))
    private var titles: [NoteID: String] = [:]

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    var count: Int { titles.count }

    func index(_ titles: [(NoteID, String)]) {
        for (id, title) in titles { self.titles[id] = title }
    }
}
