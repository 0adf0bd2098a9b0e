import NoteStore
import WorkshopKit

// A wrong fix of exercise 13 (swallows a failure): the titles are fetched with the async
// perform, off the main actor, as the lesson asks, but a reload that fails keeps the list
// as it was, "the old list is better than an alert". reload() returns normally when the
// fetch failed, and the screen goes on showing titles the database may no longer have.
@MainActor
final class KeptListNoteList: NoteListModel {
    private(set) var titles: [String] = []
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "note-list")
    }

    func reload() async throws {
        if let loaded = try? await context.perform({ context in try context.fetch().map(\.title) }) {
            titles = loaded
        }
    }
}
