// A wrong fix of exercise 1 (blocking instead of awaiting): each call schedules its work on
// the context's queue with perform(schedule:) and waits on a POSIX semaphore that the queue
// posts when the work is done. The work runs on the right queue, but the caller is async
// code on the cooperative pool, and `sem_wait` holds that thread until then.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NoteStore
import Synchronization
import WorkshopKit

final class PosixSemaphoreArchive: NoteArchive {
    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "archive")
    }

    /// The answer, and the semaphore the queue posts once it is in.
    private final class Answer<T: Sendable>: @unchecked Sendable {
        // Safe: the queue writes `result` before it posts, the caller reads it after.
        var semaphore = sem_t()
        let result = Mutex<Result<T, NoteStoreError>?>(nil)

        init() { sem_init(&semaphore, 0, 0) }
        deinit { sem_destroy(&semaphore) }
    }

    private func onTheQueue<T: Sendable>(_ body: @escaping @Sendable (NoteContext) throws(NoteStoreError) -> T) throws -> T {
        let answer = Answer<T>()
        context.perform(schedule: { context in
            let result = Result { () throws(NoteStoreError) -> T in try body(context) }
            answer.result.withLock { $0 = result }
            sem_post(&answer.semaphore)
        })
        while sem_wait(&answer.semaphore) != 0 {}
        return try answer.result.withLock { $0! }.get()
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try onTheQueue { context throws(NoteStoreError) in try context.importBatch(batch) }
    }

    func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try onTheQueue { context throws(NoteStoreError) in try context.existingObject(with: id).snapshot }
    }
}
