// A wrong fix of exercise 9 (trusts a value across two jobs): the learner keeps the
// starter's two jobs, a read of the date and then a write from it, and makes the desk run
// one edit at a time with a queue of waiting callers, "so no edit of this desk can come in
// between". Edits of this desk are no longer lost; a save by any other context between the
// two jobs still is, because the write trusts a date read in the earlier job.

import NoteStore
import WorkshopKit

actor OneAtATimeEditDesk: NoteEditing {
    private let context: NoteContext
    private var editing = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "edit-desk")
    }

    func apply(_ edit: NoteEdit, to id: NoteID) async throws {
        await startEditing()
        defer { finishEditing() }
        let modified = try await context.perform { context in
            try context.existingObject(with: id).modified
        }
        try await context.perform { context in
            let note = try context.existingObject(with: id)
            note.body = edit.body
            note.modified = edit.applied(toModified: modified)
            try context.save()
        }
    }

    private func startEditing() async {
        guard editing else {
            editing = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func finishEditing() {
        if waiting.isEmpty {
            editing = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
