// Exercise 5: a global actor's helpers. Lesson 5: types isolated to one global actor share
// its executor and call each other with no hop; a helper made its own actor adds hops.
// Sources: "Concurrency (9) Global Actors", reading notes on Kodeco's Modern Concurrency in
// Swift; "ActorでCoreDataをスレッドから解放しよう", Himeshi.
//
// NoteIndex is isolated to @DatabaseActor, whose executor is a context queue, so it uses its
// context directly. Its cache of titles is an actor of its own. `lab workshop check 5`
// counts the hops of title(of:) and allows a global actor's 2 per call.
//
// Keep NoteIndex's name and its TitleIndex conformance: the check uses them.

import GlobalActorStore
import NoteStore
import WorkshopKit

@DatabaseActor
final class NoteIndex: TitleIndex {
    private let context: NoteContext
    private let cache = TitleCache()

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "index", queue: DatabaseActor.queue)
    }

    func title(of id: NoteID) throws -> String {
        if let title = cache.title(of: id) { return title }
        let title = try context.existingObject(with: id).title
        cache.remember(title, for: id)
        return title
    }
}

/// The titles read so far, so that a second read of a note skips the database. Isolated to
/// the same global actor as NoteIndex: one executor, so NoteIndex calls it with no hop.
@DatabaseActor
final class TitleCache {
    private var titles: [NoteID: String] = [:]

    func title(of id: NoteID) -> String? { titles[id] }

    func remember(_ title: String, for id: NoteID) { titles[id] = title }
}
