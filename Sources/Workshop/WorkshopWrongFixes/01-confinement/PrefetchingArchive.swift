import NoteStore
import WorkshopKit

// A wrong fix of exercise 1 (shares memory across threads): every use of the context is on
// its queue, through perform, as the lesson asks; and after each import a scheduled job on
// that queue copies the batch's notes into a dictionary, which snapshot(of:) reads first,
// on the caller's thread, "so a read need not wait for the queue". The dictionary is
// written on the context's queue and read on another thread with nothing ordering the two:
// no trap fires, since no context is touched off its queue, and the values read are right.
// The check refuses it: `races`, under ThreadSanitizer.
final class PrefetchingArchive: NoteArchive {
    private nonisolated(unsafe) let context: NoteContext
    // Written on the context's queue, read on the caller's.
    private nonisolated(unsafe) var prefetched: [NoteID: NoteSnapshot] = [:]

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "archive")
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try await context.perform { context in try context.importBatch(batch) }
        let ids = batch.notes.map(\.id)
        context.perform(schedule: { [self] context in
            for id in ids {
                if let note = try? context.existingObject(with: id) { prefetched[id] = note.snapshot }
            }
        })
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        if let note = prefetched[id] { return note }
        return try await context.perform { context in try context.existingObject(with: id).snapshot }
    }
}
