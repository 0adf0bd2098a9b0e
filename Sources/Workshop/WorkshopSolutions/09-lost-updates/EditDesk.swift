// Exercise 9: lost updates. Lesson 9: each access on the right queue is safe on its own; a
// read followed by a write is two jobs, and other work runs between them.
// Source: "SwiftData 中的并发编程", Fatbobman (the setters' "second line of defence").
//
// EditDesk applies edits to notes. Every context access is inside perform, and the trap
// stays quiet. `lab workshop check 9` lets eight clients edit the same ten notes at once
// and compares the database with the reference model, which applies every edit.
//
// Keep the actor's name and its NoteEditing conformance: the check uses them.

import NoteStore
import WorkshopKit

actor EditDesk: NoteEditing {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "edit-desk")
    }

    func apply(_ edit: NoteEdit, to id: NoteID) async throws {
        // Read, change and save in one job on the queue: nothing runs in between. Split
        // across two awaits, another call of this reentrant actor edits the same note in
        // the gap, and one of the two edits is lost.
        try await context.perform { context in
            let note = try context.existingObject(with: id)
            note.body = edit.body
            note.modified = edit.applied(toModified: note.modified)
            try context.save()
        }
    }
}
