import NoteStore
import WorkshopKit

// A wrong fix of exercise 9 (returns before its work is done): the edit reads, changes and
// saves in one job on the context's queue, as the lesson asks, in a task that apply(_:to:)
// starts and does not await, "so that a client never waits for another's edit". apply returns while its edit is still to come, and an edit that fails fails
// where nobody hears it.
actor TaskEditDesk: NoteEditing {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "edit-desk")
    }

    func apply(_ edit: NoteEdit, to id: NoteID) async throws {
        Task { try await save(edit, to: id) }
    }

    private func save(_ edit: NoteEdit, to id: NoteID) async throws {
        try await context.perform { context in
            let note = try context.existingObject(with: id)
            note.body = edit.body
            note.modified = edit.applied(toModified: note.modified)
            try context.save()
        }
    }
}
