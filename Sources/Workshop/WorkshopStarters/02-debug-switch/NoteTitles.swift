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
        try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: false))
    }

    // Used only on the context's queue, which the compiler cannot check.
    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "titles")
    }

    func titles(of ids: [NoteID]) async throws -> [String] {
        var titles: [String] = []
        for id in ids {
            let note = try context.performAndWait { try context.existingObject(with: id) }
            titles.append(note.title)
        }
        return titles
    }
}
