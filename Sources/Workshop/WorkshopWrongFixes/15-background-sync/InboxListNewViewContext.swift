// Exercise 15, a wrong fix: re-creating the view context. The container keeps one view
// context, so every redraw makes a new context on the main queue instead, which reads the
// notes afresh: the values are right, but each redraw is a new context, new objects and a
// read of every note.
// Rejected by `objects` (new objects after the save) and `row-reads` (every note read again
// on every redraw).

import NoteStore
import WorkshopKit

@MainActor
final class InboxListNewViewContext: NoteListShowing {
    private let container: NoteContainer
    private var ids: [NoteID] = []
    /// The context of the last redraw: its notes refer to it unowned, so it must stay alive.
    private var current: NoteContext?

    init(container: NoteContainer) throws {
        self.container = container
    }

    func show(_ ids: [NoteID]) throws {
        self.ids = ids
    }

    var notes: [Note] {
        guard let context = try? container.newContext(name: "view", queue: .main) else { return [] }
        current = context
        return ids.compactMap { id in try? context.existingObject(with: id) }
    }
}
