// A wrong fix of exercise 15 (ignores later saves): the list holds the view context's
// objects and merges other contexts' saves, as the lesson asks, until it first sees a note
// of its own deleted; then it turns merging off, "so that rows stop moving under the
// user's finger". The first background save is shown; every later one is not, and the
// list goes on showing values and notes the database no longer has.

import NoteStore
import WorkshopKit

@MainActor
final class InboxListMergingTheFirstSave: NoteListShowing {
    private let context: NoteContext
    private var held: [Note] = []

    init(container: NoteContainer) throws {
        context = try container.viewContext
        context.automaticallyMergesChanges = true
    }

    func show(_ ids: [NoteID]) throws {
        held = try ids.map { id throws(NoteStoreError) in try context.existingObject(with: id) }
    }

    var notes: [Note] {
        let shown = held.filter { !$0.isDeleted }
        if shown.count < held.count, context.automaticallyMergesChanges {
            context.automaticallyMergesChanges = false
        }
        return shown
    }
}
