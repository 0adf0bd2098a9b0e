#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Looking up objects by identifier (lesson 7)

/// The three lookups of Core Data and SwiftData, with the same semantics:
///
/// | lookup | registered | not registered, row exists | row gone |
/// |---|---|---|---|
/// | ``NoteContext/existingObject(with:)`` | returns it (fulfilled) | fetches it | throws `notFound` |
/// | ``NoteContext/registeredObject(for:)`` | returns it | nil, no database access | nil |
/// | ``NoteContext/object(with:)`` | returns it | a fault, loaded on first use | a fault that fails on first use |
extension NoteContext {
    /// The note with `id`, from the identity map or else from the database; never a fault.
    /// `NSManagedObjectContext.existingObject(with:)`.
    /// - Parameter id: The note to look up.
    /// - Returns: The note, with its values loaded.
    /// - Throws: `NoteStoreError.notFound` when no such row exists (or this context deleted
    ///   it), `.temporaryID` for another context's temporary identifier; `.busy` or
    ///   `.sqlite` when SQLite fails the read.
    // snippet: existing-object
    public func existingObject(with id: NoteID) throws(NoteStoreError) -> Note {
        assertOnQueue("NoteContext.existingObject(with: \(id))")
        if deletedNotes[id] != nil { throw .notFound("\(id)") }
        if let note = registeredNotes[id]?.note {
            do {
                try note.fulfillFault()
            } catch {
                throw .notFound("\(id)")
            }
            return note
        }
        if id.isTemporaryID { throw .temporaryID(id) }
        guard let values = try fetchValues(of: id) else { throw .notFound("\(id)") }
        let note = Note(id: id, context: self, storage: values, committed: values)
        register(note)
        return note
    }
    // snippet: end

    /// The note with `id` if this context already holds it, else nil. Never touches the
    /// database. `NSManagedObjectContext.registeredObject(for:)`, SwiftData's
    /// `registeredModel(for:)`.
    /// - Parameter id: The note to look up.
    /// - Returns: The note this context holds, or nil when it holds none.
    // snippet: registered-object
    public func registeredObject(for id: NoteID) -> Note? {
        assertOnQueue("NoteContext.registeredObject(for: \(id))")
        return registeredNotes[id]?.note
    }
    // snippet: end

    /// The note with `id`, always: the registered object, or a new fault that loads on
    /// first use. `NSManagedObjectContext.object(with:)`, SwiftData's `model(for:)`.
    ///
    /// This lookup never fails, so it cannot tell you the row is gone: the returned fault
    /// stops the process on first property access (Core Data's "could not fulfill a
    /// fault"), unless you call ``Note/fulfillFault()`` and handle its error.
    /// - Parameter id: The note to look up.
    /// - Returns: The note this context holds, or a new fault for `id`.
    // snippet: object-with
    public func object(with id: NoteID) -> Note {
        assertOnQueue("NoteContext.object(with: \(id))")
        if let note = registeredNotes[id]?.note { return note }
        let fault = Note(id: id, context: self, storage: nil, committed: nil)
        register(fault)
        return fault
    }
    // snippet: end

    /// The folder with `id`, registered or fetched.
    /// - Parameter id: The folder to look up.
    /// - Returns: The folder, registered in this context.
    /// - Throws: `NoteStoreError.notFound` when no such folder exists; `.busy` or `.sqlite`
    ///   when SQLite fails the read.
    public func existingFolder(with id: FolderID) throws(NoteStoreError) -> Folder {
        assertOnQueue("NoteContext.existingFolder(with: \(id))")
        if let folder = registeredFolders[id] { return folder }
        queue.recordDatabaseRead()
        let name = try connection.statement(NoteSchema.selectFolder).bind(id.rawValue, at: 1).firstRow { $0.string(0) }
        guard let name else { throw .notFound("\(id)") }
        let folder = Folder(id: id, name: name, context: self)
        registeredFolders[id] = folder
        return folder
    }

    /// The saved values of one row, or nil when there is no such row.
    func fetchValues(of id: NoteID) throws(NoteStoreError) -> Note.Values? {
        container.noteRowRead()
        queue.recordDatabaseRead()
        if let failure = container.injectedFailure(of: id) { throw failure }
        return try connection.statement(NoteSchema.selectNote).bind(id.rawValue, at: 1).firstRow { row in
            Note.Values(
                folder: FolderID(row.int64(0)),
                title: row.string(1),
                body: row.string(2),
                created: Date(timeIntervalSince1970: row.double(3)),
                modified: Date(timeIntervalSince1970: row.double(4))
            )
        }
    }
}
