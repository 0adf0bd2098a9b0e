// A wrong fix of exercise 2 (blocking instead of awaiting): the switch is on and each title
// is read inside performAndWait, on the queue, so the trap stays quiet; but performAndWait
// from async code parks a thread of the cooperative pool for every note. The check refuses
// it: `waits`.

import NoteStore
import WorkshopKit

final class WaitingTitles: TitleReader {
    static func makeContainer() throws -> NoteContainer {
        try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
    }

    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "titles")
    }

    func titles(of ids: [NoteID]) async throws -> [String] {
        try ids.map { id in try context.performAndWait { try context.existingObject(with: id).title } }
    }
}
