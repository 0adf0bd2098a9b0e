// A wrong fix of exercise 13 (blocking instead of awaiting): the list reads the titles in
// performAndWait, whose closure is not isolated to the main actor, so the isolation check
// stays quiet; but the main thread waits for the queue, and the interface with it. The
// check refuses it: `waits`, on the main thread.

import NoteStore
import WorkshopKit

@MainActor
final class WaitingNoteList: NoteListModel {
    private let context: NoteContext
    private(set) var titles: [String] = []

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "list")
    }

    func reload() async throws {
        titles = try context.performAndWait { try context.fetch().map(\.title) }
    }
}
