// A wrong fix of exercise 2 (trusts values across jobs): the titles are read on the
// context's queue, but from notes loaded once, by the first call, and kept: every later
// call answers from those objects in a new job, "to save a trip to the database". The
// context never merges another context's saves, so a title changed or a note deleted
// after the first call is never seen.

import NoteStore
import WorkshopKit

final class LoadedOnceTitles: TitleReader {
    static func makeContainer() throws -> NoteContainer {
        try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
    }

    private nonisolated(unsafe) let context: NoteContext
    // Used only on the context's queue.
    private nonisolated(unsafe) var loaded: [NoteID: Note]?

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "titles")
    }

    func titles(of ids: [NoteID]) async throws -> [String] {
        if loaded == nil {
            try await context.perform { [self] context in
                loaded = Dictionary(uniqueKeysWithValues: try context.fetch().map { ($0.id, $0) })
            }
        }
        return try await context.perform { [self] _ in
            try ids.map { id throws(NoteStoreError) in
                guard let note = loaded?[id] else { throw NoteStoreError.notFound("\(id)") }
                return note.title
            }
        }
    }
}
