// MARK: - NoteFetchDescriptor

/// What to fetch: a small `FetchDescriptor` (SwiftData) or `NSFetchRequest` (Core Data).
///
/// It is a `Sendable` value, so it can be built anywhere and handed to a context.
public struct NoteFetchDescriptor: Sendable, Equatable {
    /// How to order the results.
    public enum SortKey: String, Sendable, Equatable {
        case id, title, created, modified
    }

    public enum Order: Sendable, Equatable {
        case forward, reverse
    }

    /// Only notes of this folder, when set.
    public var folder: FolderID?
    /// Only notes whose title starts with this text (case-sensitive), when set.
    public var titlePrefix: String?
    public var sortBy: SortKey
    public var order: Order
    /// At most this many notes, when set.
    public var fetchLimit: Int?

    public init(
        folder: FolderID? = nil, titlePrefix: String? = nil,
        sortBy: SortKey = .id, order: Order = .forward, fetchLimit: Int? = nil
    ) {
        self.folder = folder
        self.titlePrefix = titlePrefix
        self.sortBy = sortBy
        self.order = order
        self.fetchLimit = fetchLimit
    }
}

// MARK: - Fetching

extension NoteContext {
    /// The saved notes that match `descriptor`, as this context's objects.
    ///
    /// Like Core Data, a note that this context already holds is returned as that object,
    /// with its unsaved changes. Unlike Core Data's default, notes inserted but not saved yet
    /// are not included: save first.
    /// - Parameter descriptor: Which notes, in what order, and how many at most.
    /// - Returns: The matching notes, in the descriptor's order, less those this context
    ///   has deleted and not saved yet.
    /// - Throws: `NoteStoreError.busy` when another connection held the database past the
    ///   busy timeout; `.sqlite` for any other failure of the read, a closed context's too.
    public func fetch(_ descriptor: NoteFetchDescriptor = NoteFetchDescriptor()) throws(NoteStoreError) -> [Note] {
        assertOnQueue("NoteContext.fetch(_:)")
        queue.recordDatabaseRead()
        var sql = "SELECT id, folder_id, title, body, created, modified FROM note"
        var clauses: [String] = []
        if descriptor.folder != nil { clauses.append("folder_id = ?1") }
        // A prefix compared as text (not LIKE), so `%` and `_` in it match themselves.
        if descriptor.titlePrefix != nil { clauses.append("substr(title, 1, length(?2)) = ?2") }
        if !clauses.isEmpty { sql += " WHERE " + clauses.joined(separator: " AND ") }
        sql += " ORDER BY \(descriptor.sortBy.rawValue) \(descriptor.order == .forward ? "ASC" : "DESC"), id ASC"
        if let limit = descriptor.fetchLimit { sql += " LIMIT \(max(0, limit))" }

        let statement = try connection.statement(sql)
        if let folder = descriptor.folder { statement.bind(folder.rawValue, at: 1) }
        if let prefix = descriptor.titlePrefix { statement.bind(prefix, at: 2) }
        var notes: [Note] = []
        var rows = 0
        // Once per fetch, not per row: `container` is unowned, and each use of it is an
        // atomic increment and decrement of the container's reference count, which every
        // reader of the pool shares; per row, two cores reading at once fought over it.
        let container = container
        defer { container.noteRowsFetched(rows) }
        while try statement.step() {
            rows += 1
            let id = NoteID(statement.int64(0))
            if let failure = container.injectedFailure(of: id) { throw failure }
            if deletedNotes[id] != nil { continue }
            if let registered = registeredNotes[id]?.note, !registered.isFaultUnchecked {
                notes.append(registered)
                continue
            }
            let values = Self.values(of: statement)
            if let fault = registeredNotes[id]?.note {
                fault.storage = values
                fault.committed = values
                notes.append(fault)
            } else {
                let note = Note(id: id, context: self, storage: values, committed: values)
                register(note)
                notes.append(note)
            }
        }
        return notes
    }

    /// Every note `fetch(NoteFetchDescriptor(sortBy: .id))` returns, as snapshots handed to
    /// `body` one at a time, with no object registered for them: a checksum of a database of
    /// millions of notes then holds one note at a time, not millions.
    package func forEachNoteSnapshot(_ body: (NoteSnapshot) -> Void) throws(NoteStoreError) {
        assertOnQueue("NoteContext.forEachNoteSnapshot(_:)")
        queue.recordDatabaseRead()
        let statement = try connection.statement(NoteSchema.selectAllNotes)
        while try statement.step() {
            let id = NoteID(statement.int64(0))
            if deletedNotes[id] != nil { continue }
            if let registered = registeredNotes[id]?.note, !registered.isFaultUnchecked {
                body(registered.snapshot)
            } else {
                let values = Self.values(of: statement)
                body(NoteSnapshot(
                    id: id, folder: values.folder, title: values.title, body: values.body,
                    created: values.created, modified: values.modified
                ))
            }
        }
    }

    /// How many notes ``forEachNoteSnapshot(_:)`` hands out: the saved ones not marked for deletion.
    package func fetchedNoteCount() throws(NoteStoreError) -> Int {
        try fetchCount() - deletedNotes.count
    }

    /// A note row's values, from columns 1 to 5 of `SELECT id, folder_id, title, body, created, modified`.
    private static func values(of statement: Statement) -> Note.Values {
        Note.Values(
            folder: FolderID(statement.int64(1)), title: statement.string(2), body: statement.string(3),
            created: .init(timeIntervalSince1970: statement.double(4)),
            modified: .init(timeIntervalSince1970: statement.double(5))
        )
    }

    /// The number of saved notes that match `descriptor` (its sort and limit are ignored).
    /// - Parameter descriptor: Which notes to count: its folder and title prefix.
    /// - Returns: How many saved notes match, counting those this context has deleted and
    ///   not saved yet.
    /// - Throws: `NoteStoreError.busy` when another connection held the database past the
    ///   busy timeout; `.sqlite` for any other failure of the read, a closed context's too.
    public func fetchCount(_ descriptor: NoteFetchDescriptor = NoteFetchDescriptor()) throws(NoteStoreError) -> Int {
        assertOnQueue("NoteContext.fetchCount(_:)")
        queue.recordDatabaseRead()
        var sql = "SELECT count(*) FROM note"
        var clauses: [String] = []
        if descriptor.folder != nil { clauses.append("folder_id = ?1") }
        if descriptor.titlePrefix != nil { clauses.append("substr(title, 1, length(?2)) = ?2") }
        if !clauses.isEmpty { sql += " WHERE " + clauses.joined(separator: " AND ") }
        let statement = try connection.statement(sql)
        if let folder = descriptor.folder { statement.bind(folder.rawValue, at: 1) }
        if let prefix = descriptor.titlePrefix { statement.bind(prefix, at: 2) }
        return try statement.firstRow { Int($0.int64(0)) } ?? 0
    }

    /// Every saved folder, in identifier order.
    /// - Returns: The folders, as this context's objects.
    /// - Throws: `NoteStoreError.busy` when another connection held the database past the
    ///   busy timeout; `.sqlite` for any other failure of the read, a closed context's too.
    public func fetchFolders() throws(NoteStoreError) -> [Folder] {
        assertOnQueue("NoteContext.fetchFolders()")
        queue.recordDatabaseRead()
        let statement = try connection.statement(NoteSchema.selectAllFolders)
        var folders: [Folder] = []
        while try statement.step() {
            let id = FolderID(statement.int64(0))
            if let folder = registeredFolders[id] {
                folders.append(folder)
            } else {
                let folder = Folder(id: id, name: statement.string(1), context: self)
                registeredFolders[id] = folder
                folders.append(folder)
            }
        }
        return folders
    }

    /// The folder with this name, if one is saved or inserted.
    /// - Parameter name: The folder's whole name, compared exactly.
    /// - Returns: The folder, or nil when none has that name.
    /// - Throws: `NoteStoreError.busy` when another connection held the database past the
    ///   busy timeout; `.sqlite` for any other failure of the read, a closed context's too.
    public func folder(named name: String) throws(NoteStoreError) -> Folder? {
        assertOnQueue("NoteContext.folder(named:)")
        if let folder = registeredFolders.values.first(where: { $0.name == name }) { return folder }
        queue.recordDatabaseRead()
        let id = try connection.statement(NoteSchema.selectFolderByName).bind(name, at: 1).firstRow { $0.int64(0) }
        return try id.map { (id) throws(NoteStoreError) in try existingFolder(with: FolderID(id)) }
    }
}

extension Note {
    /// `isFault` without the queue check, for the context's own use.
    var isFaultUnchecked: Bool { storage == nil }
}
