// A wrong fix of exercise 1 (returns before its work is done): importBatch(_:) hands the
// import to the context's queue with perform(schedule:) and returns at once, "so the caller
// does not wait for the database". The caller is told the batch is imported while it is
// still queued, and an import that fails fails where nobody hears it. The reads come out
// right only because they queue behind the imports on the same serial queue.

import NoteStore
import WorkshopKit

final class ScheduledImportArchive: NoteArchive {
    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "archive")
    }

    func importBatch(_ batch: NoteBatch) async throws {
        context.perform(schedule: { context in
            do {
                try context.importBatch(batch)
            } catch {
                context.rollback()
            }
        })
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try await context.perform { context in try context.existingObject(with: id).snapshot }
    }
}
