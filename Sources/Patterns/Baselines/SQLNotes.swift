import NoteStore
import Workload

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - SQLNotes

/// The workload's operations as plain SQL on one connection: no objects, no identity map,
/// no queue. The store runs the same statements (`NoteSchema`), so the difference between
/// a baseline and a pattern is the layer and the concurrency, never the SQL.
///
/// Not `Sendable`: the baselines decide how a connection is shared.
final class SQLNotes {
    private let connection: SQLiteConnection
    // The statements of every call, prepared once and kept, as a C program keeps its
    // handles: a call does not look its statement up in the connection's cache (a
    // dictionary keyed by the SQL text, hashed on every lookup). Each is left reset after
    // every use (`firstRow` resets, and `step` does when it finishes or fails), and every
    // use binds all of its parameters again.
    private let insertFolder: Statement
    private let insertNote: Statement
    private let updateNote: Statement
    private let selectNote: Statement
    private let selectFolder: Statement

    init(location: NoteContainer.Location) throws(NoteStoreError) {
        switch location {
        case .file(let path): connection = try SQLiteConnection(location: .file(path))
        case .inMemory: connection = try SQLiteConnection(location: .memory(name: "baseline-\(UUID().uuidString)"))
        }
        try connection.execute(NoteSchema.create)
        insertFolder = try connection.statement(NoteSchema.insertFolder)
        insertNote = try connection.statement(NoteSchema.insertNote)
        updateNote = try connection.statement(NoteSchema.updateNote)
        selectNote = try connection.statement(NoteSchema.selectNote)
        selectFolder = try connection.statement(NoteSchema.selectFolder)
    }

    func close() { connection.close() }

    // MARK: Writing

    func importBatch(_ batch: NoteBatch) throws(NoteStoreError) {
        try connection.transaction { () throws(NoteStoreError) in
            for folder in batch.folders {
                try insertFolder.bind(folder.id.rawValue, at: 1).bind(folder.name, at: 2).run()
            }
            for note in batch.notes {
                try write(note, with: insertNote)
            }
            // Before the commit, once per batch: a cancelled caller's rows are rolled back.
            if Task.isCancelled { throw .cancelled }
        }
    }

    func update(_ id: NoteID, with edit: NoteEdit) throws(NoteStoreError) {
        try connection.transaction { () throws(NoteStoreError) in
            var note = try snapshot(of: id)
            note.body = edit.body
            note.modified = edit.applied(toModified: note.modified)
            try write(note, with: updateNote)
        }
    }

    private func write(_ note: NoteSnapshot, with statement: Statement) throws(NoteStoreError) {
        try statement
            .bind(note.id.rawValue, at: 1).bind(note.folder.rawValue, at: 2)
            .bind(note.title, at: 3).bind(note.body, at: 4)
            .bind(note.created.timeIntervalSince1970, at: 5).bind(note.modified.timeIntervalSince1970, at: 6)
            .run()
    }

    // MARK: Reading

    func snapshot(of id: NoteID) throws(NoteStoreError) -> NoteSnapshot {
        let row = try selectNote.bind(id.rawValue, at: 1).firstRow { row in
            NoteSnapshot(
                id: id, folder: FolderID(row.int64(0)), title: row.string(1), body: row.string(2),
                created: Date(timeIntervalSince1970: row.double(3)),
                modified: Date(timeIntervalSince1970: row.double(4))
            )
        }
        guard let row else { throw .notFound("\(id)") }
        return row
    }

    func folderName(of id: NoteID) throws(NoteStoreError) -> String {
        let folder = try snapshot(of: id).folder
        let name = try selectFolder.bind(folder.rawValue, at: 1).firstRow { $0.string(0) }
        guard let name else { throw .notFound("\(folder)") }
        return name
    }

    func count() throws(NoteStoreError) -> Int {
        try connection.statement(NoteSchema.countNotes).firstRow { Int($0.int64(0)) } ?? 0
    }

    func listScreen(titles: Int) throws(NoteStoreError) -> ListScreen {
        let statement = try connection.statement(NoteSchema.firstTitles).bind(Int64(titles), at: 1)
        var first: [String] = []
        while try statement.step() { first.append(statement.string(0)) }
        return ListScreen(count: try count(), titles: first)
    }

    func checksum() throws(NoteStoreError) -> Checksum {
        var folders: [FolderSnapshot] = []
        let folderRows = try connection.statement(NoteSchema.selectAllFolders)
        while try folderRows.step() {
            folders.append(FolderSnapshot(id: FolderID(folderRows.int64(0)), name: folderRows.string(1)))
        }
        // One note at a time: the database may hold millions.
        var digest = ContentsDigest(folders: folders, noteCount: try count())
        let noteRows = try connection.statement(NoteSchema.selectAllNotes)
        while try noteRows.step() {
            digest.add(NoteSnapshot(
                id: NoteID(noteRows.int64(0)), folder: FolderID(noteRows.int64(1)),
                title: noteRows.string(2), body: noteRows.string(3),
                created: Date(timeIntervalSince1970: noteRows.double(4)),
                modified: Date(timeIntervalSince1970: noteRows.double(5))
            ))
        }
        return digest.checksum
    }
}

// MARK: - SQLNotesRepository

/// A repository that runs every call as plain SQL on one `SQLNotes`; the conforming type
/// says only how it guards the connection.
protocol SQLNotesRepository: NoteRepository {
    func withNotes<T: Sendable>(_ body: @Sendable (SQLNotes) throws -> T) rethrows -> T
}

extension SQLNotesRepository {
    public func importBatch(_ batch: NoteBatch) async throws { try withNotes { try $0.importBatch(batch) } }
    public func snapshot(of id: NoteID) async throws -> NoteSnapshot { try withNotes { try $0.snapshot(of: id) } }
    public func update(_ id: NoteID, with edit: NoteEdit) async throws { try withNotes { try $0.update(id, with: edit) } }
    public func title(of id: NoteID) async throws -> String { try withNotes { try $0.snapshot(of: id).title } }
    public func body(of id: NoteID) async throws -> String { try withNotes { try $0.snapshot(of: id).body } }
    public func folderName(of id: NoteID) async throws -> String { try withNotes { try $0.folderName(of: id) } }
    public func modified(of id: NoteID) async throws -> Date { try withNotes { try $0.snapshot(of: id).modified } }
    public func listScreen(titles: Int) async throws -> ListScreen { try withNotes { try $0.listScreen(titles: titles) } }
    public func count() async throws -> Int { try withNotes { try $0.count() } }
    public func checksum() async throws -> Checksum { try withNotes { try $0.checksum() } }
    public func close() async throws { withNotes { $0.close() } }
}
