// A wrong fix of exercise 14 (swallows a failure): the executor hands each job to its queue
// and returns, as the lesson asks, but the import is written with try?, "the index should
// be built even when a batch fails". importBatch(_:) returns normally for a batch that was
// not saved, and indexes notes that are not in the database.

import NoteStore
import WorkshopKit

final class OptionalImportImporterExecutor: SerialExecutor {
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

actor OptionalImportImporter: IndexedImporting {
    private let context: NoteContext
    private let executor: OptionalImportImporterExecutor
    private let indexer = OptionalImportImporterIndexer()

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        executor = OptionalImportImporterExecutor(queue: context.queue)
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try? context.importBatch(batch)
        await indexer.index(batch.notes.map(\.id), from: self)
    }

    func title(of id: NoteID) throws -> String {
        try context.existingObject(with: id).title
    }

    func indexedCount() async -> Int {
        await indexer.count
    }
}

actor OptionalImportImporterIndexer {
    private let executor = OptionalImportImporterExecutor(queue: ContextQueue(label: "indexer"))
    private var titles: [NoteID: String] = [:]

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    var count: Int { titles.count }

    func index(_ ids: [NoteID], from importer: OptionalImportImporter) async {
        for id in ids {
            titles[id] = try? await importer.title(of: id)
        }
    }
}
