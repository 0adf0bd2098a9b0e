// A wrong fix of exercise 1 (ignoring what the check hands in): the trap fired, so the
// archive opens a store of its own with the trap off, and uses its context from any thread.
// The check refuses it: `store`, a container of its own.

import NoteStore
import WorkshopKit

final class OwnStoreArchive: NoteArchive {
    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        let quiet = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: false))
        context = try quiet.newContext(name: "archive")
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try context.importBatch(batch)
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try context.existingObject(with: id).snapshot
    }
}
