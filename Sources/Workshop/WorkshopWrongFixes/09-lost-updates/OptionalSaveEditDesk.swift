// A wrong fix of exercise 9 (swallows a failure): the edit reads, changes and saves in one
// job on the context's queue, as the lesson asks, but the save is written with try?, "a
// failed save will be retried by the next edit". apply(_:to:) returns normally when the
// edit was not saved, and the change waits, unsaved, in the context for a save that may
// never come.

import NoteStore
import WorkshopKit

actor OptionalSaveEditDesk: NoteEditing {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "edit-desk")
    }

    func apply(_ edit: NoteEdit, to id: NoteID) async throws {
        try await context.perform { context in
            let note = try context.existingObject(with: id)
            note.body = edit.body
            note.modified = edit.applied(toModified: note.modified)
            _ = try? context.save()
        }
    }
}
