// A wrong fix of exercise 9 (an answer that does not read the database): the desk trusts
// the dates it wrote last instead of reading the note in the job that writes it; right only
// while nobody else writes. The check edits the notes itself between the clients' halves.
// The check refuses it: `checksum`, updates lost.

import Foundation
import NoteStore
import WorkshopKit

actor RememberedDateEditDesk: NoteEditing {
    private let context: NoteContext
    /// The dates this desk last wrote, so the read need not come from the database.
    private var dates: [NoteID: Date] = [:]

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "edit-desk")
    }

    func apply(_ edit: NoteEdit, to id: NoteID) async throws {
        let modified: Date
        if let known = dates[id] {
            modified = known
        } else {
            modified = try await context.perform { context in try context.existingObject(with: id).modified }
            if let raced = dates[id] { dates[id] = edit.applied(toModified: raced) } else { dates[id] = edit.applied(toModified: modified) }
            let newDate = dates[id]!
            try await context.perform { context in
                let note = try context.existingObject(with: id)
                note.body = edit.body
                note.modified = newDate
                try context.save()
            }
            return
        }
        let newDate = edit.applied(toModified: modified)
        dates[id] = newDate
        try await context.perform { context in
            let note = try context.existingObject(with: id)
            note.body = edit.body
            note.modified = newDate
            try context.save()
        }
    }
}
