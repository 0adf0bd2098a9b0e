import NoteStore
import WorkshopKit

// A wrong fix of exercise 1 (saves in pieces): each note of a batch is imported and saved
// in a perform of its own, "so a big batch never holds the queue for long". Every error is
// thrown, but a batch whose fifth note fails has already saved its first four: the caller
// is told the batch failed while part of it is in the database.
final class NoteByNoteArchive: NoteArchive {
    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "archive")
    }

    func importBatch(_ batch: NoteBatch) async throws {
        let folders = NoteBatch(folders: batch.folders)
        try await context.perform { context in try context.importBatch(folders) }
        for note in batch.notes {
            let one = NoteBatch(notes: [note])
            try await context.perform { context in try context.importBatch(one) }
        }
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try await context.perform { context in try context.existingObject(with: id).snapshot }
    }
}
