// A wrong fix of exercise 2 (switches the check off): with the switch on, the trap fires in
// the title's getter, called off the context's queue. The learner loads the notes on the
// queue, keeps them, and reads each note's stored values with Mirror, which no getter
// guards. The trap is silenced, not the wrong-queue access: the values are read from
// another thread while the queue may be changing them.

import NoteStore
import WorkshopKit

final class ReflectedTitles: TitleReader {
    static func makeContainer() throws -> NoteContainer {
        try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
    }

    private nonisolated(unsafe) let context: NoteContext
    // The context holds clean notes weakly: keep the loaded ones alive.
    private nonisolated(unsafe) var loaded: [Note] = []

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "titles")
    }

    func titles(of ids: [NoteID]) async throws -> [String] {
        try await context.perform { [self] context in
            loaded = try ids.map { id in try context.existingObject(with: id) }
        }
        return loaded.map { note in
            Mirror(reflecting: note).descendant("storage", "some", "title") as? String ?? ""
        }
    }
}
