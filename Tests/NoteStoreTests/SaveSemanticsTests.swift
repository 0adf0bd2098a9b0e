import NoteStore
import Testing

/// A save is one transaction: when the schema refuses any part of it, the database is as it
/// was and every change stays pending, to be fixed or rolled back.
@Suite("All-or-nothing saves in detail")
struct SaveSemanticsTests {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    /// The rule of the schema a batch breaks.
    enum Violation: String, CaseIterable, CustomTestStringConvertible {
        case duplicateNoteID = "a note repeats a saved identifier"
        case missingFolder = "a note references a folder that is not in the database"
        var testDescription: String { rawValue }
    }

    @Test("A refused save writes nothing and keeps the changes pending; rollback clears them", arguments: Violation.allCases)
    func refusedSave(violation: Violation) throws {
        let before = try fixture.savedContents()
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            let inbox = try context.existingFolder(with: FolderID(1))
            // A folder object whose insertion was rolled back: its row was never written.
            let ghost = context.insertFolder(id: FolderID(99), name: "ghost")
            context.rollback()

            let edited = try context.existingObject(with: NoteID(1))
            edited.title = "edited"
            // Inserted first, so it is written before the bad note fails the transaction.
            let fresh = context.insertNote(id: NoteID(10), title: "fresh", body: "", folder: inbox, created: StoreFixture.created)
            let (badID, badFolder) = violation == .duplicateNoteID ? (NoteID(2), inbox) : (NoteID(11), ghost)
            context.insertNote(id: badID, title: "bad", body: "", folder: badFolder, created: StoreFixture.created)

            let error = #expect(throws: NoteStoreError.self) { try context.save() }
            #expect(error?.isConstraintViolation == true, "\(String(describing: error))")

            // Nothing of the batch was written…
            #expect(try fixture.savedContents() == before)
            // …and all of it is still pending.
            #expect(context.hasChanges)
            #expect(edited.title == "edited")
            #expect(context.registeredObject(for: NoteID(10)) === fresh)

            context.rollback()
            #expect(!context.hasChanges)
            #expect(edited.title == "alpha")
            #expect(context.registeredObject(for: NoteID(10)) == nil)
            #expect(fresh.isDeleted)
        }
        #expect(try fixture.savedContents() == before)
    }

    @Test("A refused save can be fixed and saved again")
    func fixAndSaveAgain() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            let inbox = try context.existingFolder(with: FolderID(1))
            context.insertNote(id: NoteID(10), title: "fresh", body: "", folder: inbox, created: StoreFixture.created)
            let duplicate = context.insertNote(
                id: NoteID(2), title: "duplicate", body: "", folder: inbox, created: StoreFixture.created
            )
            #expect(throws: NoteStoreError.self) { try context.save() }
            context.delete(duplicate)
            try context.save()
            #expect(!context.hasChanges)
        }
        #expect(try fixture.savedContents().map(\.title) == ["alpha", "beta", "alphabet", "fresh"])
    }

    @Test("hasChanges follows inserts and deletes as well as edits")
    func hasChangesForInsertsAndDeletes() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            let inbox = try context.existingFolder(with: FolderID(1))
            let inserted = context.insertNote(title: "new", body: "", folder: inbox, created: StoreFixture.created)
            #expect(context.hasChanges)
            context.delete(inserted)
            #expect(!context.hasChanges, "deleting an unsaved note cancels its insertion")
            context.delete(try context.existingObject(with: NoteID(3)))
            #expect(context.hasChanges)
            try context.save()
            #expect(!context.hasChanges)
            context.insertFolder(id: FolderID(3), name: "Later")
            #expect(context.hasChanges)
            context.rollback()
            #expect(!context.hasChanges)
        }
    }

    @Test("Rollback brings deleted notes back with their saved values, even after an edit")
    func rollbackRestoresDeletions() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            let deleted = try context.existingObject(with: NoteID(2))
            let editedThenDeleted = try context.existingObject(with: NoteID(1))
            editedThenDeleted.title = "edited"
            context.delete(deleted)
            context.delete(editedThenDeleted)
            #expect(try context.fetch().map(\.id) == [NoteID(3)], "a fetch leaves out pending deletions")
            context.rollback()
            #expect(!context.hasChanges)
            #expect(!deleted.isDeleted)
            #expect(editedThenDeleted.title == "alpha")
            #expect(try context.fetch().map(\.id) == [NoteID(1), NoteID(2), NoteID(3)])
        }
    }
}

extension StoreFixture {
    /// Every saved note, read through a fresh context, so pending changes cannot hide in it:
    /// the witness that a refused save wrote nothing.
    func savedContents() throws(NoteStoreError) -> [NoteSnapshot] {
        let context = try container.newContext(name: "witness")
        return try context.performAndWait { () throws(NoteStoreError) in
            try context.fetch(NoteFetchDescriptor(sortBy: .id)).map(\.snapshot)
        }
    }
}

extension NoteStoreError {
    /// True for `.constraintViolation`, whatever SQLite's message says.
    var isConstraintViolation: Bool {
        if case .constraintViolation = self { true } else { false }
    }
}
