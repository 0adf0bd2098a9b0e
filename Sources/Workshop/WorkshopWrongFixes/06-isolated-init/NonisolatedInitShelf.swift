// A wrong fix of exercise 6 (removing the isolation): the storage's initializer is made
// nonisolated, so the actor's synchronous init may call it, and the error is gone. The
// check refuses it: `source`, nonisolated init.

import NoteStore
import WorkshopKit

@globalActor
actor NonisolatedInitShelf: SharedShelf {
    static let shared = NonisolatedInitShelf()

    private let storage: NonisolatedShelfStorage

    private init() {
        storage = NonisolatedShelfStorage()
    }

    func setup(container: NoteContainer) async throws {
        try await storage.load(from: container)
    }

    func titles() async -> [String] {
        await storage.titles
    }
}

@NonisolatedInitShelf
final class NonisolatedShelfStorage {
    private(set) var titles: [String]

    nonisolated init() {
        titles = []
    }

    func load(from container: NoteContainer) async throws {
        let context = try container.newContext(name: "shelf")
        titles = try await context.perform { context in
            try context.fetch(NoteFetchDescriptor(sortBy: .title)).map(\.title)
        }
    }
}
