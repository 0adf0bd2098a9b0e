import NoteStore
import WorkshopKit

// A wrong fix of exercise 2 (swallows a failure): the switch is on and every title is read
// on the context's queue, as the lesson asks, but a title that cannot be read comes back
// empty, "so one bad note does not blank the whole list". A disk error shows as a note
// without a title, and the caller never learns the disk failed.
final class LenientTitles: TitleReader {
    static func makeContainer() throws -> NoteContainer {
        try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
    }

    private nonisolated(unsafe) let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "titles")
    }

    func titles(of ids: [NoteID]) async throws -> [String] {
        await context.perform { context in
            ids.map { id in (try? context.existingObject(with: id).title) ?? "" }
        }
    }
}
