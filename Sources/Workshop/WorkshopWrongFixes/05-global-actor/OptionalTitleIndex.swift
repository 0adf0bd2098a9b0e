import GlobalActorStore
import NoteStore
import WorkshopKit

// A wrong fix of exercise 5 (swallows a failure): the index and its cache are isolated to
// the database's global actor, as the lesson asks, but a title that cannot be read comes
// back empty, "an empty row is better than an error". A read that fails with a disk error
// shows as a note without a title, and the caller never learns the disk failed.
@DatabaseActor
final class OptionalTitleIndex: TitleIndex {
    private let context: NoteContext
    private let cache = OptionalTitleCache()

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "index", queue: DatabaseActor.queue)
    }

    func title(of id: NoteID) throws -> String {
        if let title = cache.title(of: id) { return title }
        let title = (try? context.existingObject(with: id).title) ?? ""
        cache.remember(title, for: id)
        return title
    }
}

@DatabaseActor
final class OptionalTitleCache {
    private var titles: [NoteID: String] = [:]

    func title(of id: NoteID) -> String? { titles[id] }

    func remember(_ title: String, for id: NoteID) { titles[id] = title }
}
