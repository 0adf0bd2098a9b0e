// Exercise 6: an isolated initializer. Lesson 6: a global actor cannot create an object
// isolated to it in its own synchronous initializer.
// Source: "Concurrency (9) Global Actors", reading notes on Kodeco's Modern Concurrency in
// Swift.
//
// NoteShelf is a global actor with a helper class isolated to it, as the book's
// ImageDatabase has DiskStorage. It does not compile. Make it compile, keeping ShelfStorage
// isolated to NoteShelf; `lab workshop check 6` then sets the shelf up and reads it.
//
// Keep the actor's name and its SharedShelf conformance: the check uses them.

import NoteStore
import WorkshopKit

@globalActor
actor NoteShelf: SharedShelf {
    static let shared = NoteShelf()

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

/// The shelf's notes, isolated to the shelf's global actor: the book's DiskStorage.
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
