#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - NoteContext

/// A scratchpad of notes and folders confined to one serial queue: the lab's
/// `NSManagedObjectContext` or `ModelContext`.
///
/// A context and every object it hands out belong to its queue (lesson 1). Code that
/// touches them must run there: inside ``perform(_:)``, ``performAndWait(_:)``, or on an
/// executor built on ``queue``. It is deliberately not `Sendable`; what leaves it is a
/// ``NoteID`` or a ``NoteSnapshot``.
///
/// Changes stay in the context until ``save()`` writes them in one transaction, or
/// ``rollback()`` discards them. Each row is represented by at most one object per context
/// (the identity map): clean objects are held weakly, as Core Data does, changed ones
/// strongly until saved.
public final class NoteContext {
    public let name: String
    /// The container the context was made by.
    public var container: NoteContainer { unownedContainer }
    /// Nil for the container's own view context: the container holds that one, and a strong
    /// reference back would keep both alive forever. The view context belongs to its
    /// container, as Core Data's does: keep the container while you use it.
    private let strongContainer: NoteContainer?
    private unowned let unownedContainer: NoteContainer
    /// The serial queue this context is confined to.
    public let queue: ContextQueue

    let connection: SQLiteConnection
    let concurrencyDebug: Bool
    /// Whether the context is a reader of the container's reader pool: its connection is
    /// read-only and its saves are refused (``NoteStoreError/readOnlyContext(_:)``).
    package let isReadOnly: Bool
    /// Runs inside every save's transaction, after its writes and before its commit, on
    /// the context's queue: lets a test hold a write transaction open, where the writer
    /// of a real app would be slow, to show who waits for it and who does not.
    package var beforeCommit: (() -> Void)?
    /// Whether the context was made on the main queue (in main-actor code), whatever queue
    /// it was then given: for a check that must tell a context made on the main actor from
    /// one made elsewhere.
    package let madeOnMainQueue: Bool
    /// The actor whose executor the context is confined to instead of its queue, once
    /// ``confine(to:)`` named it. Weak: the actor owns the context, not the other way round.
    private weak var confiningActor: (any Actor)?
    private var isConfinedToActor = false

    // MARK: Identity map and pending changes

    var registeredNotes: [NoteID: WeakNote] = [:]
    var registeredFolders: [FolderID: Folder] = [:]
    var insertedNotes: [NoteID: Note] = [:]
    var insertionOrder: [NoteID] = []
    var updatedNotes: [NoteID: Note] = [:]
    var deletedNotes: [NoteID: Note] = [:]
    var insertedFolders: [FolderID: Folder] = [:]
    private var pruneThreshold = 1_024
    /// The values of the context's notes (NoteContext+RowCache.swift).
    var rowCache = RowCache()
    /// Where other contexts' saves wait while ``automaticallyMergesChanges`` is on.
    var mergeInbox: MergeInbox?
    /// Inserted notes that still have a temporary identifier.
    var temporaryInsertions = 0

    init(
        name: String, container: NoteContainer, connection: SQLiteConnection, queue: ContextQueue,
        ownedByContainer: Bool = false, readOnly: Bool = false
    ) {
        self.name = name
        self.isReadOnly = readOnly
        self.strongContainer = ownedByContainer ? nil : container
        self.unownedContainer = container
        self.connection = connection
        self.queue = queue
        self.concurrencyDebug = container.options.concurrencyDebug
        StoreAudit.contextMade(on: queue)
        // A context is made on the thread that calls newContext(name:queue:).
        self.madeOnMainQueue = ContextQueue.main.isCurrent
    }

    deinit {
        // The view context goes with its container, whose inboxes go too.
        if mergeInbox != nil, strongContainer != nil {
            let owner = ObjectIdentifier(self)
            container.mergeInboxes.withLock { $0[owner] = nil }
        }
    }

    // MARK: Confinement

    /// Confines the context to `actor`'s executor instead of its queue: from now on only
    /// code isolated to that actor may use it, and debug mode checks that isolation, not
    /// the queue. Call it once, from the actor's initializer, before the context is used;
    /// `perform` and `performAndWait` do not apply to such a context (they run on its
    /// queue, which is no longer where it belongs): the actor's methods are its perform.
    /// - Parameter actor: The actor that owns the context; held weakly.
    public func confine(to actor: any Actor) {
        precondition(!isConfinedToActor, "context '\(name)' is confined to an actor already")
        confiningActor = actor
        isConfinedToActor = true
        StoreAudit.contextConfined()
    }

    /// Stops the process when debug mode is on and the caller is not where the context is
    /// confined: its queue, or its actor's executor. With debug mode off this is one branch
    /// on a constant.
    // snippet: assert-on-queue
    @inline(__always)
    func assertOnQueue(_ touched: @autoclosure () -> String) {
        if _slowPath(concurrencyDebug) {
            if isConfinedToActor {
                assertIsolatedToActor(touched())
            } else if !queue.isCurrent {
                ConcurrencyDebug.trap(context: name, queue: queue.label, touched: touched())
            }
        }
    }
    // snippet: end

    /// The runtime's own check that the current task runs on the actor's executor (the
    /// check `assumeIsolated` makes; for a custom executor it asks `isIsolatingCurrentContext`
    /// and `checkIsolated`). Its trap is the runtime's: "Incorrect actor executor
    /// assumption", naming the actor's type.
    @inline(never)
    private func assertIsolatedToActor(_ touched: String) {
        guard let actor = confiningActor else {
            ConcurrencyDebug.trap(context: name, queue: "its actor, now gone", touched: touched)
        }
        actor.preconditionIsolated()
    }

    // MARK: Changes

    /// Whether the context holds inserts, updates or deletes that are not saved yet.
    public var hasChanges: Bool {
        assertOnQueue("NoteContext.hasChanges")
        return !insertedNotes.isEmpty || !updatedNotes.isEmpty || !deletedNotes.isEmpty || !insertedFolders.isEmpty
    }

    /// Writes every pending change in one transaction. Either all of it is written, or,
    /// when it throws, none of it is: the database is as it was and the changes stay
    /// pending in the context, to be fixed and saved again or rolled back.
    ///
    /// Inserted notes get their permanent identifiers first. The save returns what it
    /// changed, and hands the same to every other context that merges automatically.
    ///
    /// - Returns: The identifiers the save inserted, updated and deleted; empty when there
    ///   was nothing to save.
    /// - Throws: `NoteStoreError.readOnlyContext` in a reader of the reader pool;
    ///   `.constraintViolation` when the schema refuses a write (a duplicate identifier, a
    ///   missing folder); `.busy` when another connection held the database past the busy
    ///   timeout; `.sqlite` for any other failure. Nothing is written in every case.
    @discardableResult
    public func save() throws(NoteStoreError) -> NoteChanges {
        assertOnQueue("NoteContext.save()")
        guard hasChanges else { return NoteChanges(source: name) }
        if isReadOnly { throw .readOnlyContext(name) }
        if temporaryInsertions > 0 { obtainPermanentIDs(for: insertionOrder.compactMap { insertedNotes[$0] }) }
        let changes = NoteChanges(
            source: name, inserted: Set(insertedNotes.keys), updated: Set(updatedNotes.keys), deleted: Set(deletedNotes.keys)
        )
        // The queue counts the write when its transaction ends, committed or not: a read
        // queued behind it waited for it either way.
        defer { queue.recordWriteEnded() }
        try connection.transaction { () throws(NoteStoreError) in
            for folder in insertedFolders.values.sorted(by: { $0.id < $1.id }) {
                try connection.statement(NoteSchema.insertFolder)
                    .bind(folder.id.rawValue, at: 1).bind(folder.name, at: 2).run()
            }
            for id in insertionOrder {
                guard let note = insertedNotes[id], let values = note.storage else { continue }
                try bind(values, id: id, to: connection.statement(NoteSchema.insertNote)).run()
            }
            for (id, note) in updatedNotes {
                guard let values = note.storage else { continue }
                try bind(values, id: id, to: connection.statement(NoteSchema.updateNote)).run()
            }
            for id in deletedNotes.keys {
                try connection.statement(NoteSchema.deleteNote).bind(id.rawValue, at: 1).run()
            }
            if let failure = container.injectedFailure(savingAnyOf: { pendingWrites }) { throw failure }
            beforeCommit?()
        }
        for note in insertedNotes.values { note.committed = note.storage }
        for note in updatedNotes.values { note.committed = note.storage }
        for (id, note) in deletedNotes {
            // A deleted row leaves the identity map, as in Core Data: lookups must not hand
            // the object out again while someone still holds it.
            registeredNotes[id] = nil
            note.isDeleted = true
        }
        insertedNotes.removeAll(keepingCapacity: true)
        insertionOrder.removeAll(keepingCapacity: true)
        updatedNotes.removeAll(keepingCapacity: true)
        deletedNotes.removeAll(keepingCapacity: true)
        insertedFolders.removeAll(keepingCapacity: true)
        if !changes.isEmpty { container.publish(changes, from: self) }
        return changes
    }

    /// The notes the pending save inserts or updates, with the values it writes.
    private var pendingWrites: [NoteSnapshot] {
        (Array(insertedNotes.values) + Array(updatedNotes.values)).compactMap { note in
            note.storage.map { values in
                NoteSnapshot(
                    id: note.id, folder: values.folder, title: values.title, body: values.body,
                    created: values.created, modified: values.modified
                )
            }
        }
    }

    /// Discards every pending change: inserted objects leave the context, updated ones
    /// return to their saved values, deleted ones come back.
    public func rollback() {
        assertOnQueue("NoteContext.rollback()")
        for (id, note) in insertedNotes {
            registeredNotes[id] = nil
            note.isDeleted = true
        }
        temporaryInsertions = 0
        for id in insertedFolders.keys { registeredFolders[id] = nil }
        for note in updatedNotes.values { note.storage = note.committed }
        // A note edited, then deleted, is no longer in `updatedNotes`: restore it too.
        for note in deletedNotes.values { note.storage = note.committed }
        insertedNotes.removeAll()
        insertionOrder.removeAll()
        updatedNotes.removeAll()
        deletedNotes.removeAll()
        insertedFolders.removeAll()
    }

    /// Forgets every registered object and pending change; the next lookups read the
    /// database again. Objects handed out before become detached.
    public func reset() {
        assertOnQueue("NoteContext.reset()")
        forgetEverything()
    }

    /// ``reset()`` for a reader of the pool after each read: its tables keep their room up
    /// to ``roomKeptAfterRead`` entries, so the next read of a list registers its objects
    /// without growing the tables again from empty (a 1,000-note list grew them ten times
    /// per read), while a reader that once read far more gives the memory back.
    func forgetAfterRead() {
        forgetEverything(keepingRoomFor: Self.roomKeptAfterRead)
    }

    /// How many entries a reader's tables keep room for between reads.
    package static let roomKeptAfterRead = 4_096

    private func forgetEverything(keepingRoomFor keptRoom: Int = 0) {
        rollback()
        registeredNotes.removeAll(keepingCapacity: registeredNotes.capacity <= keptRoom)
        registeredFolders.removeAll(keepingCapacity: registeredFolders.capacity <= keptRoom)
    }

    /// Discards pending changes and closes the context's connection, on the caller's
    /// thread: when it returns, SQLite has released the connection and its memory. Every
    /// later call that reads or writes throws. Call it on the context's queue.
    public func close() {
        assertOnQueue("NoteContext.close()")
        reset()
        connection.close()
    }

    // MARK: Inserting

    /// Inserts a new folder; it is written by the next `save()`.
    /// - Parameters:
    ///   - id: The folder's identifier, which the caller chooses.
    ///   - name: The folder's name.
    /// - Returns: The new folder, registered in this context.
    @discardableResult
    public func insertFolder(id: FolderID, name: String) -> Folder {
        assertOnQueue("NoteContext.insertFolder(id:name:)")
        let folder = Folder(id: id, name: name, context: self)
        registeredFolders[id] = folder
        insertedFolders[id] = folder
        return folder
    }

    /// Inserts a new note into `folder`; it is written by the next `save()`.
    /// - Parameters:
    ///   - id: The note's identifier; when nil, a temporary one that the save (or
    ///     ``obtainPermanentIDs(for:)``) replaces with a permanent one, as Core Data does.
    ///   - title: The note's title.
    ///   - body: The note's text.
    ///   - folder: The folder the note belongs to, from this context.
    ///   - created: When the note was created.
    ///   - modified: When it was last changed; `created` when nil.
    /// - Returns: The new note, registered in this context.
    @discardableResult
    public func insertNote(
        id: NoteID? = nil, title: String, body: String, folder: Folder, created: Date, modified: Date? = nil
    ) -> Note {
        assertOnQueue("NoteContext.insertNote(…)")
        let id = id ?? container.makeTemporaryNoteID()
        if id.isTemporaryID { temporaryInsertions += 1 } else { container.noteIDUsed(id) }
        let values = Note.Values(folder: folder.id, title: title, body: body, created: created, modified: modified ?? created)
        let note = Note(id: id, context: self, storage: values, committed: nil)
        register(note)
        insertedNotes[id] = note
        insertionOrder.append(id)
        return note
    }

    // MARK: Deleting

    /// Marks `note` for deletion by the next `save()`.
    /// - Parameter note: A note of this context. One inserted and not saved yet leaves the
    ///   context at once, with nothing to delete.
    public func delete(_ note: Note) {
        assertOnQueue("NoteContext.delete(_:)")
        precondition(note.context === self, "\(note.id) belongs to context '\(note.context.name)', not '\(name)'")
        if insertedNotes.removeValue(forKey: note.id) != nil {
            if note.id.isTemporaryID { temporaryInsertions -= 1 }
            insertionOrder.removeAll { $0 == note.id }
            registeredNotes[note.id] = nil
            note.isDeleted = true
            return
        }
        updatedNotes[note.id] = nil
        deletedNotes[note.id] = note
    }

    // MARK: Internals shared with Note

    func noteDidChange(_ note: Note) {
        if insertedNotes[note.id] == nil { updatedNotes[note.id] = note }
    }

    func register(_ note: Note) {
        registeredNotes[note.id] = WeakNote(note)
        if registeredNotes.count > pruneThreshold {
            // Clean objects are held weakly: drop the entries of the ones that are gone.
            registeredNotes = registeredNotes.filter { $0.value.note != nil }
            pruneThreshold = max(1_024, registeredNotes.count * 2)
        }
    }

    private func bind(_ values: Note.Values, id: NoteID, to statement: Statement) -> Statement {
        statement.bind(id.rawValue, at: 1).bind(values.folder.rawValue, at: 2)
            .bind(values.title, at: 3).bind(values.body, at: 4)
            .bind(values.created.timeIntervalSince1970, at: 5).bind(values.modified.timeIntervalSince1970, at: 6)
    }
}

// MARK: - WeakNote

/// An identity-map entry: a registered note that stays alive only while someone uses it.
struct WeakNote {
    weak var note: Note?
    init(_ note: Note) { self.note = note }
}

// MARK: - CustomReflectable

extension NoteContext: CustomReflectable {
    /// The context's name and queue: its rows are read on its queue, through its notes.
    public var customMirror: Mirror {
        Mirror(self, children: ["name": name, "queue": queue.label], displayStyle: .class)
    }
}
