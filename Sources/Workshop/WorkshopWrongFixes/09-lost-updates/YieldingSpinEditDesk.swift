// A wrong fix of exercise 9 (blocking instead of awaiting): each edit reads, changes and
// saves in one job on the context's queue, as the lesson asks, but the desk schedules that
// job and spins, yielding the processor, until an atomic flag says it ran. The desk is a
// default actor on the cooperative pool: eight clients editing at once hold its threads
// spinning while the queue works.

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import NoteStore
import Synchronization
import WorkshopKit

actor YieldingSpinEditDesk: NoteEditing {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "edit-desk")
    }

    private final class Outcome: Sendable {
        let finished = Atomic<Bool>(false)
        let failure = Mutex<NoteStoreError?>(nil)
    }

    func apply(_ edit: NoteEdit, to id: NoteID) throws {
        let outcome = Outcome()
        context.perform(schedule: { context in
            do throws(NoteStoreError) {
                let note = try context.existingObject(with: id)
                note.body = edit.body
                note.modified = edit.applied(toModified: note.modified)
                try context.save()
            } catch {
                context.rollback()
                outcome.failure.withLock { $0 = error }
            }
            outcome.finished.store(true, ordering: .releasing)
        })
        while !outcome.finished.load(ordering: .acquiring) { sched_yield() }
        if let failure = outcome.failure.withLock({ $0 }) { throw failure }
    }
}
