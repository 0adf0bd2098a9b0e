// A wrong fix of exercise 5 (skipping the work): the cache is deleted instead of isolated;
// 2 hops a call, but every title is read from the database again. The check refuses it:
// `cache`, a second read of a note went to the database.

import GlobalActorStore
import NoteStore
import WorkshopKit

@DatabaseActor
final class CachelessIndex: TitleIndex {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "index", queue: DatabaseActor.queue)
    }

    func title(of id: NoteID) throws -> String {
        try context.existingObject(with: id).title
    }
}
