import NoteStore
import WorkshopKit

// A wrong fix of exercise 13 (keeps the misconception): the callback is gone, and the list's
// context is confined to the main actor with the lab's confine(to:), "so the main actor can
// use it directly": reload() fetches synchronously on the main actor, and no check of
// isolation stops it. Core Data has no such thing: a context belongs to its queue, and a
// main-actor read goes through a main-queue context, as the view context is. The check
// refuses it: `contexts`.
@MainActor
final class MainActorConfinedNoteList: NoteListModel {
    private(set) var titles: [String] = []
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "note-list")
        context.confine(to: MainActor.shared)
    }

    func reload() async throws {
        titles = try context.fetch().map(\.title)
    }
}
