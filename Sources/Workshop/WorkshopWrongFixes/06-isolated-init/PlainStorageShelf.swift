// A wrong fix of exercise 6 (removing the isolation): the storage becomes a plain class the
// actor owns, made in the synchronous init. Safe, and not the lesson: the storage was to
// stay isolated to the shelf's global actor. The check refuses it: `source`.

import NoteStore
import WorkshopKit

@globalActor
actor PlainStorageShelf: SharedShelf {
    static let shared = PlainStorageShelf()

    private let storage: ShelfStorage

    private init() {
        storage = ShelfStorage()
    }

    func setup(container: NoteContainer) async throws {
        let context = try container.newContext(name: "shelf")
        storage.titles = try await context.perform { context in
            try context.fetch(NoteFetchDescriptor(sortBy: .title)).map(\.title)
        }
    }

    func titles() async -> [String] {
        storage.titles
    }
}

/// The shelf's notes: a plain class the actor owns.
final class ShelfStorage {
    var titles: [String] = []
}
