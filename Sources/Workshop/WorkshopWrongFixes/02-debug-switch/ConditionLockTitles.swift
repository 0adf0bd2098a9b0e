// A wrong fix of exercise 2 (blocking instead of awaiting): the switch is on and the titles
// are read on the context's queue, but the learner kept the starter's synchronous shape:
// the read is scheduled on the queue and the caller sleeps on an NSConditionLock until the
// queue says it is done. The caller is async code on the cooperative pool, and the lock
// holds its thread for as long as the queue takes.

import Foundation
import NoteStore
import Synchronization
import WorkshopKit

final class ConditionLockTitles: TitleReader {
    static func makeContainer() throws -> NoteContainer {
        try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
    }

    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "titles")
    }

    private final class Answer: Sendable {
        static let pending = 0
        static let ready = 1
        let lock = NSConditionLock(condition: Answer.pending)
        let titles = Mutex<Result<[String], NoteStoreError>?>(nil)

        func wait() -> Result<[String], NoteStoreError> {
            guard lock.lock(whenCondition: Answer.ready, before: Date(timeIntervalSinceNow: 30)) else {
                return .failure(.sqlite(code: 5, message: "the titles took too long"))
            }
            defer { lock.unlock() }
            return titles.withLock { $0! }
        }
    }

    func titles(of ids: [NoteID]) async throws -> [String] {
        let answer = Answer()
        context.perform(schedule: { context in
            let titles = Result { () throws(NoteStoreError) -> [String] in
                try ids.map { id throws(NoteStoreError) in try context.existingObject(with: id).title }
            }
            answer.lock.lock()
            answer.titles.withLock { $0 = titles }
            answer.lock.unlock(withCondition: Answer.ready)
        })
        return try answer.wait().get()
    }
}
