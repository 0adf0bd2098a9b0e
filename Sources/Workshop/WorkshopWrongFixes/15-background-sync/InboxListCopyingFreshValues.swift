// Exercise 15, a wrong fix: copying fresh values into the objects held. Every redraw fetches
// the notes in a second main-queue context (a fetch reads them all in one statement, with no
// wait) and writes their values into the view context's objects, leaving out the notes the
// fetch no longer finds: the values are right and the objects the same, but the list has
// edited the notes it shows, and the next save of the view context writes them back.
// Rejected by `objects` (the view context has unsaved changes after a redraw) and
// `row-reads` (every fetch reads every note).

import NoteStore
import WorkshopKit

@MainActor
final class InboxListCopyingFreshValues: NoteListShowing {
    private let context: NoteContext
    private let fresh: NoteContext
    private var held: [Note] = []

    init(container: NoteContainer) throws {
        context = try container.viewContext
        fresh = try container.newContext(name: "fresh-values", queue: .main)
    }

    func show(_ ids: [NoteID]) throws {
        held = try ids.map { id throws(NoteStoreError) in try context.existingObject(with: id) }
    }

    var notes: [Note] {
        fresh.reset()
        let saved = Dictionary(uniqueKeysWithValues: ((try? fresh.fetch()) ?? []).map { ($0.id, $0.snapshot) })
        return held.compactMap { note in
            guard let values = saved[note.id] else { return nil }
            if note.title != values.title { note.title = values.title }
            if note.body != values.body { note.body = values.body }
            if note.modified != values.modified { note.modified = values.modified }
            return note
        }
    }
}
