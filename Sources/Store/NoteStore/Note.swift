#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Note

/// A note that belongs to one context: the lab's managed object.
///
/// Not `Sendable`, and every property checks (in concurrency-debug mode) that it is used
/// on its context's queue. Hand a ``NoteID`` or a ``snapshot`` to other isolation domains.
public final class Note {
    struct Values: Equatable {
        var folder: FolderID
        var title: String
        var body: String
        var created: Date
        var modified: Date
    }

    /// The note's identifier: temporary from insertion until the first save (or
    /// ``NoteContext/obtainPermanentIDs(for:)``), permanent from then on.
    public internal(set) var id: NoteID
    /// The context the note belongs to. Unowned: the context owns the note, not the reverse.
    public unowned let context: NoteContext
    /// The note's entry in its context's row cache, where its values are.
    private var slot: NoteContext.RowSlot = 0
    /// True once the note's deletion was saved, or its insertion rolled back.
    public internal(set) var isDeleted = false

    init(id: NoteID, context: NoteContext, storage: Values?, committed: Values?) {
        self.id = id
        self.context = context
        self.slot = context.newRow(for: self, storage: storage, committed: committed)
    }

    /// Current values, from the context's row cache; nil while the note is a fault.
    var storage: Values? {
        get { context.storage(at: slot, of: self) }
        set { context.updateRow(at: slot, of: self) { $0.storage = newValue } }
    }

    /// Values as last read from or written to the database, from the row cache; nil for a
    /// new note.
    var committed: Values? {
        get { context.committed(at: slot, of: self) }
        set { context.updateRow(at: slot, of: self) { $0.committed = newValue } }
    }

    // MARK: Faults

    /// Whether the note's values are not loaded yet.
    public var isFault: Bool {
        context.assertOnQueue("Note.isFault of \(id)")
        return storage == nil
    }

    /// Loads the values of a fault from the database.
    /// - Throws: `NoteStoreError.faultNotFulfilled` when the row no longer exists.
    public func fulfillFault() throws(NoteStoreError) {
        context.assertOnQueue("Note.fulfillFault() of \(id)")
        guard storage == nil else { return }
        guard let values = try context.fetchValues(of: id) else { throw .faultNotFulfilled(id) }
        storage = values
        committed = values
    }

    private var values: Values {
        if let storage { return storage }
        do {
            try fulfillFault()
        } catch {
            fatalError("NoteStore: \(error)")
        }
        return storage!
    }

    private func update(_ touched: String, _ change: (inout Values) -> Void) {
        context.assertOnQueue("Note.\(touched) of \(id)")
        var newValues = values
        change(&newValues)
        guard newValues != storage else { return }
        storage = newValues
        context.noteDidChange(self)
    }

    // MARK: Properties

    public var title: String {
        get { context.assertOnQueue("Note.title of \(id)"); return values.title }
        set { update("title") { $0.title = newValue } }
    }

    public var body: String {
        get { context.assertOnQueue("Note.body of \(id)"); return values.body }
        set { update("body") { $0.body = newValue } }
    }

    public var created: Date {
        get { context.assertOnQueue("Note.created of \(id)"); return values.created }
        set { update("created") { $0.created = newValue } }
    }

    public var modified: Date {
        get { context.assertOnQueue("Note.modified of \(id)"); return values.modified }
        set { update("modified") { $0.modified = newValue } }
    }

    /// The folder's identifier, readable without loading the folder.
    public var folderID: FolderID {
        context.assertOnQueue("Note.folderID of \(id)")
        return values.folder
    }

    /// The note's folder, from this context.
    public var folder: Folder {
        get {
            context.assertOnQueue("Note.folder of \(id)")
            do {
                return try context.existingFolder(with: values.folder)
            } catch {
                fatalError("NoteStore: the folder of \(id) is missing: \(error)")
            }
        }
        set {
            precondition(newValue.context === context, "a note and its folder must belong to one context")
            update("folder") { $0.folder = newValue.id }
        }
    }

    /// The note's values as a `Sendable` copy.
    public var snapshot: NoteSnapshot {
        context.assertOnQueue("Note.snapshot of \(id)")
        let values = values
        return NoteSnapshot(
            id: id, folder: values.folder, title: values.title, body: values.body,
            created: values.created, modified: values.modified
        )
    }
}

// MARK: - CustomReflectable

extension Note: CustomReflectable {
    /// The note's identity alone: its values are its context's, read on its queue.
    public var customMirror: Mirror {
        Mirror(self, children: ["id": id], displayStyle: .class)
    }
}

// MARK: - Folder

/// A folder of notes that belongs to one context.
public final class Folder {
    public let id: FolderID
    public unowned let context: NoteContext
    private let storedName: String

    init(id: FolderID, name: String, context: NoteContext) {
        self.id = id
        self.storedName = name
        self.context = context
    }

    public var name: String {
        context.assertOnQueue("Folder.name of \(id)")
        return storedName
    }

    /// The folder's values as a `Sendable` copy.
    public var snapshot: FolderSnapshot {
        FolderSnapshot(id: id, name: name)
    }
}
