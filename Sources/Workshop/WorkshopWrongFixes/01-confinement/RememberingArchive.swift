// A wrong fix of exercise 1 (an answer that never touches the database): the archive keeps
// what it imported and answers reads from memory, so reads never need the queue. Half the
// notes the check reads were imported by the check itself, so their values are only in the
// database. The check refuses it: `reads`, a value read differs from the reference model's.

import Foundation
import NoteStore
import Synchronization
import WorkshopKit

final class RememberingArchive: NoteArchive {
    private nonisolated(unsafe) let context: NoteContext
    private let seen = Mutex<[NoteID: NoteSnapshot]>([:])

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "archive")
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try await context.perform { context in try context.importBatch(batch) }
        seen.withLock { seen in for note in batch.notes { seen[note.id] = note } }
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        seen.withLock { $0[id] } ?? NoteSnapshot(
            id: id, folder: FolderID(1), title: "", body: "", created: .distantPast, modified: .distantPast
        )
    }
}
