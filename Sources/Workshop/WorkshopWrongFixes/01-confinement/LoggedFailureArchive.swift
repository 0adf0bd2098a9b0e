import NoteStore
import WorkshopKit

// A wrong fix of exercise 1 (swallows a failure): the import runs on the context's queue
// through perform, as the lesson asks, but its error is printed and not thrown, "the log
// shows what went wrong". The caller is told the batch is saved; nobody reads the log.
final class LoggedFailureArchive: NoteArchive {
    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "archive")
    }

    func importBatch(_ batch: NoteBatch) async throws {
        do {
            try await context.perform { context in try context.importBatch(batch) }
        } catch {
            print("import failed: \(error)")
        }
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try await context.perform { context in try context.existingObject(with: id).snapshot }
    }
}
