// A wrong fix of exercise 13 (blocking instead of awaiting): the fetch runs on the
// context's queue, in a closure that inherits no isolation, but reload() waits for it by
// polling a flag with poll(2)'s one-millisecond timeout, "a short sleep, the interface will
// not notice". The list is on the main actor: the interface's thread is held until the
// queue has answered.

#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import NoteStore
import Synchronization
import WorkshopKit

@MainActor
final class PollingNoteList: NoteListModel {
    private(set) var titles: [String] = []
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "note-list")
    }

    private final class Answer: Sendable {
        let titles = Mutex<Result<[String], NoteStoreError>?>(nil)

        func waitForTitles() -> Result<[String], NoteStoreError> {
            while true {
                if let titles = titles.withLock({ $0 }) { return titles }
                _ = poll(nil, 0, 1)
            }
        }
    }

    func reload() async throws {
        let answer = Answer()
        context.perform(schedule: { context in
            let titles = Result { () throws(NoteStoreError) -> [String] in try context.fetch().map(\.title) }
            answer.titles.withLock { $0 = titles }
        })
        titles = try answer.waitForTitles().get()
    }
}
