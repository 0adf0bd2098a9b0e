// A wrong fix of exercise 14 (removing what the exercise is about): the executor lines are
// deleted, so the importer is a default actor that enters its queue with perform; nothing
// waits, and nothing deadlocks. The check refuses it: `executor`, the importer's jobs do
// not run on a context's queue.

import NoteStore
import WorkshopKit

actor ExecutorlessImporter: IndexedImporting {
    private let context: NoteContext
    private let indexer = ExecutorlessIndexer()

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try await context.perform { context in try context.importBatch(batch) }
        await indexer.index(batch.notes.map(\.id), from: self)
    }

    func title(of id: NoteID) async throws -> String {
        try await context.perform { context in try context.existingObject(with: id).title }
    }

    func indexedCount() async -> Int {
        await indexer.count
    }
}

actor ExecutorlessIndexer {
    private var titles: [NoteID: String] = [:]

    var count: Int { titles.count }

    func index(_ ids: [NoteID], from importer: ExecutorlessImporter) async {
        for id in ids {
            titles[id] = try? await importer.title(of: id)
        }
    }
}
