// A wrong fix of exercise 9 (skipping the wait): the edit is one closure on the queue, but
// scheduled and forgotten, so apply(_:to:) returns before it runs. The check refuses it:
// `checksum`, with the edits that had not run yet when apply returned.

import NoteStore
import WorkshopKit

actor ScheduledEditDesk: NoteEditing {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "edit-desk")
    }

    func apply(_ edit: NoteEdit, to id: NoteID) {
        context.perform(schedule: { context in
            guard let note = try? context.existingObject(with: id) else { return }
            note.body = edit.body
            note.modified = edit.applied(toModified: note.modified)
            _ = try? context.save()
        })
    }
}
