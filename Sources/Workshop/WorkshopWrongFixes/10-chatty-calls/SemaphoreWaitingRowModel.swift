// A wrong fix of exercise 10 (blocking instead of awaiting): the row's four values are read
// in one job on the context's queue, as the lesson asks, but load(_:) waits for that job on
// a POSIX semaphore, "one call and no awaits". The model is on the main actor: the
// interface's thread is held for every row until the queue has answered.

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import NoteStore
import Synchronization
import WorkshopKit

@MainActor
final class SemaphoreWaitingRowModel: RowLoading {
    private let context: NoteContext
    private(set) var row = NoteRow(title: "", body: "", folderName: "", modified: .distantPast)

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "details")
    }

    /// A semaphore of the C library, and what the queue left for the main actor.
    private final class Handoff: Sendable {
        let semaphoreAddress: Int
        let row = Mutex<Result<NoteRow, NoteStoreError>?>(nil)

        init() {
            let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
            sem_init(semaphore, 0, 0)
            semaphoreAddress = Int(bitPattern: semaphore)
        }

        private var semaphore: UnsafeMutablePointer<sem_t> { UnsafeMutablePointer(bitPattern: semaphoreAddress)! }

        func signal() { sem_post(semaphore) }

        func waitForRow() -> Result<NoteRow, NoteStoreError> {
            while sem_wait(semaphore) != 0 {}
            return row.withLock { $0! }
        }

        deinit {
            sem_destroy(semaphore)
            semaphore.deallocate()
        }
    }

    func load(_ id: NoteID) async throws {
        let handoff = Handoff()
        context.perform(schedule: { context in
            let row = Result { () throws(NoteStoreError) -> NoteRow in
                let note = try context.existingObject(with: id)
                return NoteRow(title: note.title, body: note.body, folderName: note.folder.name, modified: note.modified)
            }
            handoff.row.withLock { $0 = row }
            handoff.signal()
        })
        row = try handoff.waitForRow().get()
    }
}
