// Exercise 2: the debug switch. Lesson 2: Core Data's ConcurrencyDebug switch turns a silent
// wrong-queue access into a crash at the line that does it.
// Source: "SwiftData 中的并发编程", Fatbobman.
//
// NoteTitles reads the titles of some notes, and with the switch off it even returns the
// right ones. `lab workshop check 2` wants the switch on in makeContainer(). Turn it on,
// let the trap name the culprit, and fix it.
//
// Keep the class's name and its TitleReader conformance: the check uses them.

import NoteStore
import WorkshopKit

final class NoteTitles: TitleReader {
    static func makeContainer() throws -> NoteContainer {
        try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
    }

    // Used only on the context's queue, which the compiler cannot check.
    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "titles")
    }

    func titles(of ids: [NoteID]) async throws -> [String] {
        // The notes belong to the queue as much as the context does: read them there, and
        // bring back only the titles.
        try await context.perform { context in
            try ids.map { id in try context.existingObject(with: id).title }
        }
    }
}
