// A wrong fix of exercise 3 (blocking instead of awaiting): the actor schedules each use of the
// context on its queue and waits, with waitUntilFinished(), for an operation the queue
// starts when the work is done. The context is used on its queue, but the actor's methods run on the
// cooperative pool, and waitUntilFinished() holds that thread, with the actor, for as long
// as the queue takes.

import Foundation
import NoteStore
import Synchronization
import WorkshopKit

actor OperationWaitingActorArchive: NoteArchive {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "actor-archive")
    }

    private final class Outcome<T: Sendable>: Sendable {
        let result = Mutex<Result<T, NoteStoreError>?>(nil)
    }

    /// Runs `body` on the context's queue, and returns when the operation that marks its
    /// end has finished.
    private func onTheQueue<T: Sendable>(_ body: @escaping @Sendable (NoteContext) throws(NoteStoreError) -> T) throws -> T {
        let outcome = Outcome<T>()
        let finished = BlockOperation {}
        context.perform(schedule: { context in
            let result = Result { () throws(NoteStoreError) -> T in try body(context) }
            outcome.result.withLock { $0 = result }
            finished.start()
        })
        finished.waitUntilFinished()
        return try outcome.result.withLock { $0! }.get()
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try onTheQueue { context throws(NoteStoreError) in try context.importBatch(batch) }
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try onTheQueue { context throws(NoteStoreError) in try context.existingObject(with: id).snapshot }
    }
}
