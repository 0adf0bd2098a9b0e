import NoteStore
import Testing

/// A note inserted without an identifier has a temporary one until the save or
/// `obtainPermanentIDs(for:)`; only its context can find it by that identifier.
@Suite("Temporary and permanent identifiers")
struct TemporaryIDTests {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    /// Inserts a note with no identifier into `context`.
    static func insertDraft(in context: NoteContext, title: String = "draft") throws(NoteStoreError) -> Note {
        try context.performAndWait { () throws(NoteStoreError) in
            context.insertNote(title: title, body: "", folder: try context.existingFolder(with: FolderID(1)), created: StoreFixture.created)
        }
    }

    /// What `existingObject(with:)` throws for `id` in `context`, or nil when it finds the note.
    static func lookupError(_ id: NoteID, in context: NoteContext) -> NoteStoreError? {
        context.performAndWait {
            do throws(NoteStoreError) {
                _ = try context.existingObject(with: id)
                return nil
            } catch {
                return error
            }
        }
    }

    /// A writer holding an unsaved note with no identifier given, a reader, the note and its identifier.
    func insertedDraft() throws -> (writer: NoteContext, reader: NoteContext, draft: Note, id: NoteID) {
        let writer = try fixture.container.newContext(name: "writer")
        let reader = try fixture.container.newContext(name: "reader")
        let draft = try Self.insertDraft(in: writer)
        return (writer, reader, draft, writer.performAndWait { draft.id })
    }

    @Test("An inserted note's identifier is temporary, and only its own context finds it")
    func temporaryUntilSaved() throws {
        let (writer, reader, _, temporary) = try insertedDraft()
        #expect(temporary.isTemporaryID)
        #expect(Self.lookupError(temporary, in: writer) == nil)
        #expect(Self.lookupError(temporary, in: reader) == .temporaryID(temporary))
    }

    @Test("The save gives the note its permanent identifier; the temporary one finds nothing afterwards")
    func saveMakesItPermanent() throws {
        let (writer, reader, draft, temporary) = try insertedDraft()
        let changes = try writer.performAndWait { () throws(NoteStoreError) in try writer.save() }
        let saved = writer.performAndWait { draft.id }
        #expect(!saved.isTemporaryID)
        #expect(saved == NoteID(4), "the next identifier after the three saved notes")
        #expect(changes.inserted == [saved])
        #expect(writer.performAndWait { writer.registeredObject(for: saved) } === draft)
        #expect(Self.lookupError(saved, in: reader) == nil)
        #expect(Self.lookupError(temporary, in: reader) == .temporaryID(temporary))
        #expect(Self.lookupError(temporary, in: writer) == .temporaryID(temporary))
    }

    @Test("obtainPermanentIDs gives the permanent identifier before the save, and the save keeps it")
    func obtainPermanentIDs() throws {
        let writer = try fixture.container.newContext(name: "writer")
        let reader = try fixture.container.newContext(name: "reader")
        let drafts = try [Self.insertDraft(in: writer, title: "a"), Self.insertDraft(in: writer, title: "b")]
        let obtained = writer.performAndWait {
            writer.obtainPermanentIDs(for: drafts)
            return drafts.map(\.id)
        }
        #expect(obtained.allSatisfy { !$0.isTemporaryID })
        #expect(Self.lookupError(obtained[0], in: reader) == .notFound("\(obtained[0])"), "not saved yet")
        _ = try writer.performAndWait { () throws(NoteStoreError) in try writer.save() }
        #expect(writer.performAndWait { drafts.map(\.id) } == obtained)
        #expect(reader.performAndWait { (try? reader.existingObject(with: obtained[1]))?.title } == "b")
    }

    @Test("Deleting or rolling back an unsaved note with a temporary identifier leaves nothing to save")
    func deleteAndRollback() throws {
        let writer = try fixture.container.newContext(name: "writer")
        let draft = try Self.insertDraft(in: writer)
        writer.performAndWait {
            writer.delete(draft)
            #expect(!writer.hasChanges)
        }
        _ = try Self.insertDraft(in: writer)
        writer.performAndWait { writer.rollback() }
        _ = try writer.performAndWait { () throws(NoteStoreError) in try writer.save() }
        #expect(try fixture.savedCount() == 3)
    }

    @Test("An explicit identifier is permanent from the start")
    func explicitIdentifier() throws {
        let writer = try fixture.container.newContext(name: "writer")
        let id = try writer.performAndWait { () throws(NoteStoreError) in
            writer.insertNote(id: NoteID(20), title: "x", body: "", folder: try writer.existingFolder(with: FolderID(1)), created: StoreFixture.created).id
        }
        #expect(id == NoteID(20))
        #expect(!id.isTemporaryID)
    }
}
