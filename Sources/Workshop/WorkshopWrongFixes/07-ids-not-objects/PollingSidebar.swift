// A wrong fix of exercise 7 (blocking instead of awaiting): the identifier crosses and the
// note is looked up in a context of the sidebar's own, but the lookup is scheduled on that
// context's queue and the actor polls a flag with nanosleep until the queue has answered.
// The actor is a default actor: it runs on the cooperative pool, and every poll holds one
// of the pool's few threads.

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import NoteStore
import Synchronization
import WorkshopKit

actor PollingSidebar: SidebarSource {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "sidebar")
    }

    private final class Answer: Sendable {
        let item = Mutex<Result<NoteSnapshot?, NoteStoreError>?>(nil)
    }

    func item(for id: NoteID) throws -> NoteSnapshot? {
        let answer = Answer()
        context.perform(schedule: { context in
            let item = Result { () throws(NoteStoreError) -> NoteSnapshot? in
                do throws(NoteStoreError) {
                    return try context.existingObject(with: id).snapshot
                } catch .notFound {
                    return nil
                }
            }
            answer.item.withLock { $0 = item }
        })
        var pause = timespec(tv_sec: 0, tv_nsec: 100_000)
        while true {
            if let item = answer.item.withLock({ $0 }) { return try item.get() }
            nanosleep(&pause, nil)
        }
    }
}
