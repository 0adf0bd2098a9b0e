// A wrong fix of exercise 6 (blocking instead of awaiting): the storage is made on the
// shelf's global actor, as the lesson has it, but its load schedules the fetch on the
// context's queue and reads the answer from a pipe, "like a worker thread reports back".
// The read blocks: the global actor runs on the cooperative pool, and its thread is held
// until the queue has written to the pipe.

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import NoteStore
import Synchronization
import WorkshopKit

@globalActor
actor PipeWaitingShelf: SharedShelf {
    static let shared = PipeWaitingShelf()

    private var storage: ShelfStorage!

    private init() {}

    func setup(container: NoteContainer) async throws {
        storage = await ShelfStorage()
        try await storage.load(from: container)
    }

    func titles() async -> [String] {
        await storage.titles
    }
}

extension PipeWaitingShelf {
    typealias NoteShelf = PipeWaitingShelf

    @NoteShelf
    final class ShelfStorage {
        private(set) var titles: [String]

        init() {
            titles = []
        }

        private final class Answer: Sendable {
            let titles = Mutex<Result<[String], NoteStoreError>?>(nil)
        }

        func load(from container: NoteContainer) throws {
            let context = try container.newContext(name: "shelf")
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw NoteStoreError.sqlite(code: 1, message: "no pipe") }
            defer { close(ends[0]); close(ends[1]) }
            let answer = Answer()
            let writeEnd = ends[1]
            context.perform(schedule: { context in
                let titles = Result { () throws(NoteStoreError) -> [String] in
                    try context.fetch(NoteFetchDescriptor(sortBy: .title)).map(\.title)
                }
                answer.titles.withLock { $0 = titles }
                var done: UInt8 = 1
                _ = write(writeEnd, &done, 1)
            })
            var done: UInt8 = 0
            _ = read(ends[0], &done, 1)
            titles = try answer.titles.withLock { $0! }.get()
        }
    }
}
