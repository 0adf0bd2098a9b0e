// Exercise 15, a wrong fix: copying fresh values into the objects held, then saving them
// back. As InboxListCopyingFreshValues, and every redraw then saves the view context, so no
// unsaved change is left to see: the values are right, the objects the same, and no thread
// waits, but every redraw fetches every note and writes the shown ones back over whatever
// another context saves next.
// Rejected by `row-reads` (every fetch reads every note).

import NoteStore
import WorkshopKit

@MainActor
final class InboxListCopyingAndSavingBack: NoteListShowing {
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
        let shown: [Note] = held.compactMap { note in
            guard let values = saved[note.id] else { return nil }
            if note.title != values.title { note.title = values.title }
            if note.body != values.body { note.body = values.body }
            if note.modified != values.modified { note.modified = values.modified }
            return note
        }
        _ = try? context.save()
        return shown
    }
}
