// A wrong fix of exercise 5 (blocking instead of awaiting): the index and its cache are on
// the database actor, but the learner reads the titles through a context on a queue of its
// own, "so that the database actor does no I/O", and spins on an atomic flag until the
// reader's queue has answered. The database actor's thread, which every @DatabaseActor
// call needs, is held spinning for as long as the read takes.

import GlobalActorStore
import NoteStore
import Synchronization
import WorkshopKit

@DatabaseActor
final class SpinningReaderIndex: TitleIndex {
    private let reader: NoteContext
    private let cache = SpinningReaderTitleCache()

    init(container: NoteContainer) throws {
        reader = try container.newContext(name: "index-reader")
    }

    private final class Answer: Sendable {
        let ready = Atomic<Bool>(false)
        let title = Mutex<Result<String, NoteStoreError>?>(nil)
    }

    func title(of id: NoteID) throws -> String {
        if let title = cache.title(of: id) { return title }
        let answer = Answer()
        reader.perform(schedule: { reader in
            let title = Result { () throws(NoteStoreError) -> String in try reader.existingObject(with: id).title }
            answer.title.withLock { $0 = title }
            answer.ready.store(true, ordering: .releasing)
        })
        while !answer.ready.load(ordering: .acquiring) {}
        let title = try answer.title.withLock { $0! }.get()
        cache.remember(title, for: id)
        return title
    }
}

@DatabaseActor
final class SpinningReaderTitleCache {
    private var titles: [NoteID: String] = [:]

    func title(of id: NoteID) -> String? { titles[id] }

    func remember(_ title: String, for id: NoteID) { titles[id] = title }
}
