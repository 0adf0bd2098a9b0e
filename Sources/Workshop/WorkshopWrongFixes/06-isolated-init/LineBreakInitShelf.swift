// A wrong fix of exercise 6 (switches the compiler off): the storage's initializer is made
// nonisolated so that the actor's synchronous init may call it, with the attribute on a
// line of its own. The storage is still declared on the shelf's global actor, but its
// initializer runs wherever it is called: the isolation the lesson keeps is switched off
// for the one place where it matters.

import NoteStore
import WorkshopKit

@globalActor
actor LineBreakInitShelf: SharedShelf {
    static let shared = LineBreakInitShelf()

    private let storage: ShelfStorage

    private init() {
        storage = ShelfStorage()
    }

    func setup(container: NoteContainer) async throws {
        try await storage.load(from: container)
    }

    func titles() async -> [String] {
        await storage.titles
    }
}

extension LineBreakInitShelf {
    typealias NoteShelf = LineBreakInitShelf

    @NoteShelf
    final class ShelfStorage {
        private(set) var titles: [String]

        nonisolated
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
