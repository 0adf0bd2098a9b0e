// A wrong fix of exercise 3 (swallows a failure): the actor enters its context's queue with
// perform, as the lesson asks, but the import is written with try?, "because a batch that
// fails should not crash the app". importBatch(_:) returns normally when the batch was not
// saved: the caller believes the notes are in the database, and the error is gone.

import NoteStore
import WorkshopKit

actor OptionalTryActorArchive: NoteArchive {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "actor-archive")
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try? await context.perform { context in try context.importBatch(batch) }
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try await context.perform { context in try context.existingObject(with: id).snapshot }
    }
}
