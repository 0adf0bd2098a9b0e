// A wrong fix of exercise 3 (returns before its work is done): importBatch(_:) starts the
// import in a Task, chained after the previous one, and returns at once, "so the caller
// does not wait for the database"; snapshot(of:) waits for the last import before it
// reads. The caller is told a batch is imported while it is still queued, a failed import
// is never heard of, and anything else that reads the database in the meantime misses the
// batch.

import NoteStore
import WorkshopKit

actor BackgroundImportActorArchive: NoteArchive {
    private let context: NoteContext
    private var lastImport: Task<Void, Never>?

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "actor-archive")
    }

    func importBatch(_ batch: NoteBatch) async throws {
        let previous = lastImport
        lastImport = Task {
            await previous?.value
            try? await context.perform { context in try context.importBatch(batch) }
        }
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        await lastImport?.value
        return try await context.perform { context in try context.existingObject(with: id).snapshot }
    }
}
