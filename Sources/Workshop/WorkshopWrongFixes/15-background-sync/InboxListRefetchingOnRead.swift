// Exercise 15, a wrong fix: fetching again on every read instead of merging. Every redraw
// forgets the view context's objects and looks every note up again: the values are right,
// and the deleted note is gone, but each redraw reads every note from the database and
// hands the list new objects. The lesson's point is that a merge refreshes the objects the
// interface holds, in place, reading only what the save changed.
// Rejected by `objects` (new objects after the save) and `row-reads` (every note read again
// on every redraw).

import NoteStore
import WorkshopKit

@MainActor
final class InboxListRefetchingOnRead: NoteListShowing {
    private let context: NoteContext
    private var ids: [NoteID] = []

    init(container: NoteContainer) throws {
        context = try container.viewContext
    }

    func show(_ ids: [NoteID]) throws {
        self.ids = ids
    }

    var notes: [Note] {
        // Forget what the context holds, so that every lookup reads the database again.
        context.reset()
        return ids.compactMap { id in try? context.existingObject(with: id) }
    }
}
