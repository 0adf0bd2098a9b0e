// A wrong fix of exercise 1 (blocking instead of awaiting): a home-made perform that hands
// each call to a global dispatch thread, which waits in performAndWait. Nothing blocks the
// cooperative pool, and a thread is held for every call. The check refuses it: `waits`,
// on a thread held for it.

import Dispatch
import NoteStore
import WorkshopKit

final class GlobalThreadArchive: NoteArchive {
    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "archive")
    }

    private func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try body() })
            }
        }
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try await blocking { try self.context.performAndWait { try self.context.importBatch(batch) } }
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try await blocking { try self.context.performAndWait { try self.context.existingObject(with: id).snapshot } }
    }
}
