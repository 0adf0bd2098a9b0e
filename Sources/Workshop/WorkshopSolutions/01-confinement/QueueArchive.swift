// Exercise 1: confinement. Lesson 1: a context and its objects belong to the context's queue.
// Sources: "SwiftData 中的并发编程", Fatbobman; "ActorでCoreDataをスレッドから解放しよう", Himeshi.
//
// QueueArchive keeps a context and uses it from async methods. `lab workshop check 1` runs
// it with the store's concurrency-debug trap on. Make it pass: no trap, and the database
// and every note read back equal to the reference model's.
//
// Keep the class's name and its NoteArchive conformance: the check uses them.

import NoteStore
import WorkshopKit

final class QueueArchive: NoteArchive {
    // NoteContext is not Sendable. This class promises to use it only on the context's
    // queue, which the compiler cannot check: hence nonisolated(unsafe).
    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "archive")
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try await context.perform { context in try context.importBatch(batch) }
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try await context.perform { context in try context.existingObject(with: id).snapshot }
    }
}
