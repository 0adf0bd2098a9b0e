// Exercise 15, a wrong fix: a merge made up by hand. Every redraw merges a change list that
// names every shown note as updated, so the objects held read their values again: the
// edited notes are right and the objects the same, but a made-up list has no deletions, so
// the deleted note is still shown, and every note is read again on every redraw. A merge
// must be of what a save published.
// Rejected by `shown` (the deleted note still shown), then `row-reads`.

import NoteStore
import WorkshopKit

@MainActor
final class InboxListMergingEverything: NoteListShowing {
    private let context: NoteContext
    private var held: [Note] = []

    init(container: NoteContainer) throws {
        context = try container.viewContext
    }

    func show(_ ids: [NoteID]) throws {
        held = try ids.map { id throws(NoteStoreError) in try context.existingObject(with: id) }
    }

    var notes: [Note] {
        context.mergeChanges(from: NoteChanges(source: "redraw", updated: Set(held.map(\.id))))
        return held.filter { !$0.isDeleted }
    }
}
