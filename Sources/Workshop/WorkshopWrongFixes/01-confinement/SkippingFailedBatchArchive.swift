// A wrong fix of exercise 1 (swallows a failure): the import runs on the context's queue
// through perform, as the lesson asks, but a batch that fails to import is caught and
// dropped, "so that one bad batch does not stop the whole file". The caller is told every
// batch was imported; the database lacks the failed one, and nobody learns why.

import NoteStore
import WorkshopKit

final class SkippingFailedBatchArchive: NoteArchive {
    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "archive")
    }

    func importBatch(_ batch: NoteBatch) async throws {
        do {
            try await context.perform { context in try context.importBatch(batch) }
        } catch {
            // Skip the batch and keep going with the next one.
        }
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try await context.perform { context in try context.existingObject(with: id).snapshot }
    }
}
