// Exercise 15, a wrong fix: blocking the main actor for fresh values. Every redraw reads the
// shown notes in a background context with performAndWait and copies their values into the
// objects it holds: the values are right and the objects the same, but the main thread
// parks on another context's queue on every redraw, and reads every note again.
// Rejected by `waits` (synchronous waits on the main thread), then `objects` (the copies
// leave the view context with unsaved changes) and `row-reads`.

import NoteStore
import WorkshopKit

@MainActor
final class InboxListWaitingForFreshValues: NoteListShowing {
    private let context: NoteContext
    private let background: NoteContext
    private var held: [Note] = []

    init(container: NoteContainer) throws {
        context = try container.viewContext
        background = try container.newContext(name: "fresh-values")
    }

    func show(_ ids: [NoteID]) throws {
        held = try ids.map { id throws(NoteStoreError) in try context.existingObject(with: id) }
    }

    var notes: [Note] {
        let ids = held.map(\.id)
        let background = background
        let fresh = background.performAndWait {
            background.reset()
            return ids.compactMap { id in try? background.existingObject(with: id).snapshot }
        }
        let byID = Dictionary(uniqueKeysWithValues: fresh.map { ($0.id, $0) })
        return held.compactMap { note in
            guard let values = byID[note.id] else { return nil }
            if note.title != values.title { note.title = values.title }
            if note.body != values.body { note.body = values.body }
            if note.modified != values.modified { note.modified = values.modified }
            return note
        }
    }
}
