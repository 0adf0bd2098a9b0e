import Foundation
import NoteStore
import TestSupport
import Testing

/// Saving writes everything or nothing; rollback and other contexts see exactly that.
@Suite("Saving and rolling back")
struct SaveTests {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    @Test("hasChanges follows inserts, edits, saves and rollbacks")
    func hasChanges() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            #expect(!context.hasChanges)
            let note = try context.existingObject(with: NoteID(1))
            note.title = note.title
            #expect(!context.hasChanges, "setting the same value is not a change")
            note.title = "changed"
            #expect(context.hasChanges)
            try context.save()
            #expect(!context.hasChanges)
            note.body = "again"
            context.rollback()
            #expect(!context.hasChanges)
            #expect(note.body == "body 1")
        }
    }

    @Test("A save that breaks a constraint writes nothing and keeps its changes pending")
    func failedSaveWritesNothing() throws {
        let context = try fixture.container.newContext()
        let (countBefore, checksumBefore) = try contents()
        try context.performAndWait { () throws(NoteStoreError) in
            let inbox = try context.existingFolder(with: FolderID(1))
            context.insertNote(id: NoteID(10), title: "new", body: "", folder: inbox, created: StoreFixture.created)
            context.insertNote(id: NoteID(2), title: "duplicate", body: "", folder: inbox, created: StoreFixture.created)
            #expect {
                try context.save()
            } throws: { error in
                guard case .constraintViolation = error as? NoteStoreError else { return false }
                return true
            }
            #expect(context.hasChanges)
            context.rollback()
            #expect(!context.hasChanges)
        }
        let (countAfter, checksumAfter) = try contents()
        #expect(countAfter == countBefore)
        #expect(checksumAfter == checksumBefore)
    }

    @Test("A note in a folder that does not exist is refused by the schema")
    func missingFolder() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            let ghost = context.insertFolder(id: FolderID(99), name: "ghost")
            context.rollback()
            context.insertNote(id: NoteID(11), title: "orphan", body: "", folder: ghost, created: StoreFixture.created)
            #expect(throws: NoteStoreError.self) { try context.save() }
            context.rollback()
        }
        #expect(try fixture.savedCount() == 3)
    }

    @Test("Rollback restores edited values and forgets inserted notes")
    func rollbackRestores() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            let note = try context.existingObject(with: NoteID(1))
            note.title = "edited"
            let inserted = context.insertNote(
                id: NoteID(20), title: "new", body: "", folder: try context.existingFolder(with: FolderID(1)),
                created: StoreFixture.created
            )
            context.rollback()
            #expect(note.title == "alpha")
            #expect(inserted.isDeleted)
            #expect(context.registeredObject(for: NoteID(20)) == nil)
        }
    }

    @Test("What one context saves, another fetches", arguments: [true, false])
    func visibleAcrossContexts(onFile: Bool) throws {
        let folder = try TemporaryFolder()
        let fixture = try StoreFixture(location: onFile ? .file(folder.path("notes.sqlite")) : .inMemory)
        let writer = try fixture.container.newContext(name: "writer")
        let reader = try fixture.container.newContext(name: "reader")
        try writer.performAndWait { () throws(NoteStoreError) in
            try writer.existingObject(with: NoteID(2)).body = "saved by the writer"
            try writer.save()
        }
        let body = try reader.performAndWait { () throws(NoteStoreError) in try reader.existingObject(with: NoteID(2)).body }
        #expect(body == "saved by the writer")
    }

    private func contents() throws -> (Int, [NoteSnapshot]) {
        let context = try fixture.container.newContext(name: "check")
        return try context.performAndWait { () throws(NoteStoreError) in
            (try context.fetchCount(), try context.fetch().map(\.snapshot))
        }
    }
}
