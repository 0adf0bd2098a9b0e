// A wrong fix of exercise 1 (blocking instead of awaiting): each call wraps its work in a
// DispatchWorkItem, sends it to the context's queue and waits for the item. The work runs
// on the right queue, but the caller is async code on the cooperative pool, and `wait()`
// holds that thread until the queue has run the item: the pool has a thread per core, and
// a few such calls at once stop every task of the process.

import Dispatch
import NoteStore
import Synchronization
import WorkshopKit

final class WorkItemWaitingArchive: NoteArchive {
    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "archive")
    }

    /// What the work item left behind for the caller.
    private final class Outcome<T: Sendable>: Sendable {
        let result = Mutex<Result<T, NoteStoreError>?>(nil)
    }

    private func onTheQueue<T: Sendable>(_ body: @escaping @Sendable (NoteContext) throws(NoteStoreError) -> T) throws -> T {
        let outcome = Outcome<T>()
        // The item is used here and on the queue, one after the other.
        nonisolated(unsafe) let item = DispatchWorkItem { [self] in
            let result = Result { () throws(NoteStoreError) -> T in try body(context) }
            outcome.result.withLock { $0 = result }
        }
        context.queue.async { item.perform() }
        item.wait()
        return try outcome.result.withLock { $0! }.get()
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try onTheQueue { context throws(NoteStoreError) in try context.importBatch(batch) }
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try onTheQueue { context throws(NoteStoreError) in try context.existingObject(with: id).snapshot }
    }
}
