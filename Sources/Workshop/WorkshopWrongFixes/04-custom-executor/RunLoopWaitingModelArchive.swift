// A wrong fix of exercise 4 (blocking instead of awaiting): the actor runs on its context's
// queue, but importBatch(_:) is a nonisolated entry point that starts the import in a task
// and spins the current run loop until the task says it is done, "so that callers get the
// old synchronous behaviour". The caller's thread, one of the cooperative pool's, is held
// in a nested run loop for as long as the queue takes.

import CustomExecutorStore
import Foundation
import NoteStore
import Synchronization
import WorkshopKit

actor RunLoopWaitingModelArchive: NoteArchive, NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        let context = try container.newContext(name: "model-archive")
        self.context = context
        modelExecutor = ContextExecutor(context: context)
    }

    private final class Completion: Sendable {
        let result = Mutex<Result<Void, any Error>?>(nil)

        /// Runs the current run loop in short slices until the result is in.
        func wait() -> Result<Void, any Error> {
            while true {
                if let result = result.withLock({ $0 }) { return result }
                RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.001))
            }
        }
    }

    nonisolated func importBatch(_ batch: NoteBatch) async throws {
        let completion = Completion()
        Task {
            let result = await Result { try await self.importNow(batch) }
            completion.result.withLock { $0 = result }
        }
        try completion.wait().get()
    }

    private func importNow(_ batch: NoteBatch) throws {
        try context.importBatch(batch)
    }

    func snapshot(of id: NoteID) throws -> NoteSnapshot {
        try context.existingObject(with: id).snapshot
    }
}

extension Result where Failure == any Error {
    fileprivate init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
