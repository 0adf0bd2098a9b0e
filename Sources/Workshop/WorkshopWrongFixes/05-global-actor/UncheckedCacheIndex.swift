// A wrong fix of exercise 5 (removing the isolation): the cache becomes a class that claims
// to be Sendable, so NoteIndex calls it with no await and no hop. Nothing keeps two threads
// out of its dictionary. The check refuses it: `source`, @unchecked Sendable.

import GlobalActorStore
import NoteStore
import WorkshopKit

@DatabaseActor
final class UncheckedCacheIndex: TitleIndex {
    private let context: NoteContext
    private let cache = UncheckedTitleCache()

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "index", queue: DatabaseActor.queue)
    }

    func title(of id: NoteID) throws -> String {
        if let title = cache.titles[id] { return title }
        let title = try context.existingObject(with: id).title
        cache.titles[id] = title
        return title
    }
}

final class UncheckedTitleCache: @unchecked Sendable {
    var titles: [NoteID: String] = [:]
}
