// A wrong fix of exercise 9 (blocking instead of awaiting): read, change and save in one
// performAndWait, from the actor: no update is lost, because the actor's thread waits for
// the queue on every edit. The check refuses it: `waits`.

import NoteStore
import WorkshopKit

actor WaitingEditDesk: NoteEditing {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "edit-desk")
    }

    func apply(_ edit: NoteEdit, to id: NoteID) throws {
        try context.performAndWait {
            let note = try context.existingObject(with: id)
            note.body = edit.body
            note.modified = edit.applied(toModified: note.modified)
            try context.save()
        }
    }
}
