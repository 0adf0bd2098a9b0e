// A wrong fix of exercise 6 (swallows a failure): the storage is made on the shelf's global
// actor, but setup(container:) loads it with try?, "so a shelf that cannot load still
// opens, empty". The caller is told the shelf is set up when its load failed, and shows an
// empty shelf as if the database held no notes.

import NoteStore
import WorkshopKit

@globalActor
actor OptionalLoadShelf: SharedShelf {
    static let shared = OptionalLoadShelf()

    private var storage: ShelfStorage!

    private init() {}

    func setup(container: NoteContainer) async throws {
        storage = await ShelfStorage()
        try? await storage.load(from: container)
    }

    func titles() async -> [String] {
        await storage.titles
    }
}

extension OptionalLoadShelf {
    typealias NoteShelf = OptionalLoadShelf

    @NoteShelf
    final class ShelfStorage {
        private(set) var titles: [String]

        init() {
            titles = []
        }

        func load(from container: NoteContainer) async throws {
            let context = try container.newContext(name: "shelf")
            titles = try await context.perform { context in
                try context.fetch(NoteFetchDescriptor(sortBy: .title)).map(\.title)
            }
        }
    }
}
