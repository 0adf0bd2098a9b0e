// Peer: the same schema and the same SQL through GRDB's `DatabaseQueue`, called with its
// async `read` and `write`, the way a Swift-concurrency app uses GRDB. The row shows
// what a mature SQLite library costs next to the store's patterns: GRDB runs every
// access on its own serial dispatch queue, behind an actor whose executor is that queue
// (GRDB's `DispatchQueueActor`), so each call is one hop in, one hop out, and one job on
// GRDB's queue. The hop meter counts only the hop in: GRDB awaits the actor inside
// `withTaskCancellationHandler`, and the switch back is made by that function, inside
// libswift_Concurrency, where the `swift_task_switch` interposer cannot see it (a probe
// counted 200 switches for 100 plain calls into such an actor, 100 once the call was
// wrapped in `withTaskCancellationHandler`, and the task was back off the queue both
// times). The job is GRDB's own dispatch too: the store's dispatch counter
// (`ContextQueue.dispatchCount`) never sees it, so the lab reports the row's dispatches
// as unmeasured (n/a), although every call sends a job to a queue just as `perform` does.
//
// What GRDB adds on top of the SQL, by design: `read` wraps each call in a read-only
// transaction (`PRAGMA query_only = 1`, `BEGIN DEFERRED`, the closure, `COMMIT`,
// `PRAGMA query_only = 0`), and `write` in a `BEGIN IMMEDIATE` transaction, the same kind
// the other rows use. Each query_only change expires every prepared statement of the
// connection, so a cached statement is compiled again on its first step after a read
// began or ended (GRDBReadCostTests counts it).

import GRDB
import NoteStore
import Workload
import RowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public final class GRDBRepository: NoteRepository {
    /// One connection and its serial queue. `DatabaseQueue` is Sendable: GRDB serializes
    /// every access on the queue, which is the concurrency pattern this row measures.
    private let database: DatabaseQueue

    public init(location: NoteContainer.Location) throws {
        var configuration = Configuration()
        configuration.label = "grdb-row"
        // The store waits up to 5 s for a lock held by another connection; so does this
        // row (GRDB's default is to fail at once).
        configuration.busyMode = .timeout(5)
        do {
            switch location {
            case .file(let path):
                // A DatabaseQueue keeps whatever journal mode the file has (rollback
                // journal for a new file). The other rows open every file in WAL with
                // synchronous=NORMAL (`SQLiteConnection`); the same two pragmas run here,
                // on each connection GRDB opens, so a file benchmark compares like with
                // like. (`Configuration.journalMode = .wal` would do the same, plus a
                // throwaway table GRDB creates to make the -wal file non-empty.)
                configuration.prepareDatabase { db in
                    try db.execute(sql: "PRAGMA journal_mode=WAL")
                    try db.execute(sql: "PRAGMA synchronous=NORMAL")
                }
                database = try DatabaseQueue(path: path, configuration: configuration)
            case .inMemory:
                // One connection needs no shared name: a private in-memory database lives
                // exactly as long as the queue, like the store's in-memory container.
                database = try DatabaseQueue(configuration: configuration)
            }
            // Foreign keys are on by default in GRDB, as `SQLiteConnection` turns them on.
            try database.inDatabase { db in try db.execute(sql: NoteSchema.create) }
        } catch let error as DatabaseError {
            throw Self.openingError(error, at: location)
        }
    }

    // MARK: Writing

    public func importBatch(_ batch: NoteBatch) async throws {
        try await write { db in
            let insertFolder = try db.cachedStatement(sql: NoteSchema.insertFolder)
            for folder in batch.folders {
                try insertFolder.execute(arguments: [folder.id.rawValue, folder.name])
            }
            let insertNote = try db.cachedStatement(sql: NoteSchema.insertNote)
            for note in batch.notes {
                try insertNote.execute(arguments: Self.arguments(of: note))
            }
        }
    }

    public func update(_ id: NoteID, with edit: NoteEdit) async throws {
        try await write { db in
            var note = try Self.snapshot(of: id, in: db)
            note.body = edit.body
            note.modified = edit.applied(toModified: note.modified)
            try db.cachedStatement(sql: NoteSchema.updateNote).execute(arguments: Self.arguments(of: note))
        }
    }

    // MARK: Reading

    public func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try await read { db in try Self.snapshot(of: id, in: db) }
    }

    public func title(of id: NoteID) async throws -> String {
        try await read { db in try Self.snapshot(of: id, in: db).title }
    }

    public func body(of id: NoteID) async throws -> String {
        try await read { db in try Self.snapshot(of: id, in: db).body }
    }

    public func folderName(of id: NoteID) async throws -> String {
        try await read { db in
            let folder = try Self.snapshot(of: id, in: db).folder
            let statement = try db.cachedStatement(sql: NoteSchema.selectFolder)
            guard let row = try Row.fetchOne(statement, arguments: [folder.rawValue]) else {
                throw NoteStoreError.notFound("\(folder)")
            }
            return row[0] as String
        }
    }

    public func modified(of id: NoteID) async throws -> Date {
        try await read { db in try Self.snapshot(of: id, in: db).modified }
    }

    // MARK: The ui-during-import scenario

    public func listScreen(titles: Int) async throws -> ListScreen {
        try await read { db in
            let first = try String.fetchAll(db.cachedStatement(sql: NoteSchema.firstTitles), arguments: [titles])
            let count = try Row.fetchOne(db.cachedStatement(sql: NoteSchema.countNotes)).map { $0[0] as Int } ?? 0
            return ListScreen(count: count, titles: first)
        }
    }

    // MARK: Verification

    public func count() async throws -> Int {
        try await read { db in
            let row = try Row.fetchOne(db.cachedStatement(sql: NoteSchema.countNotes))
            return row.map { $0[0] as Int } ?? 0
        }
    }

    public func checksum() async throws -> Checksum {
        try await read { db in
            let folders = try Array(Row.fetchCursor(db.cachedStatement(sql: NoteSchema.selectAllFolders)).map { row in
                FolderSnapshot(id: FolderID(row[0] as Int64), name: row[1])
            })
            // One note at a time, through the cursor: the database may hold millions.
            let count = try Row.fetchOne(db.cachedStatement(sql: NoteSchema.countNotes)).map { $0[0] as Int } ?? 0
            var digest = ContentsDigest(folders: folders, noteCount: count)
            let notes = try Row.fetchCursor(db.cachedStatement(sql: NoteSchema.selectAllNotes))
            while let row = try notes.next() {
                digest.add(NoteSnapshot(
                    id: NoteID(row[0] as Int64), folder: FolderID(row[1] as Int64), title: row[2], body: row[3],
                    created: Date(timeIntervalSince1970: row[4]), modified: Date(timeIntervalSince1970: row[5])
                ))
            }
            return digest.checksum
        }
    }

    public func close() async throws {
        // Waits (blocking, briefly) for GRDB's queue to finish its last job, then closes
        // the connection: after this the queue holds nothing the leak check could miss.
        try Self.translatingErrors { try database.close() }
    }

    // MARK: Statements

    /// The note row, decoded; `notFound` when there is none.
    private static func snapshot(of id: NoteID, in db: Database) throws -> NoteSnapshot {
        let statement = try db.cachedStatement(sql: NoteSchema.selectNote)
        guard let row = try Row.fetchOne(statement, arguments: [id.rawValue]) else {
            throw NoteStoreError.notFound("\(id)")
        }
        return NoteSnapshot(
            id: id, folder: FolderID(row[0] as Int64), title: row[1], body: row[2],
            created: Date(timeIntervalSince1970: row[3]), modified: Date(timeIntervalSince1970: row[4])
        )
    }

    /// `?1`…`?6` of `insertNote` and `updateNote`. Dates are bound as seconds (REAL), as
    /// the store writes them: a `Date` argument would make GRDB store text.
    private static func arguments(of note: NoteSnapshot) -> StatementArguments {
        [
            note.id.rawValue, note.folder.rawValue, note.title, note.body,
            note.created.timeIntervalSince1970, note.modified.timeIntervalSince1970,
        ]
    }

    // MARK: Transactions

    /// One `BEGIN IMMEDIATE … COMMIT` on GRDB's queue; an error rolls it back.
    private func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await database.write(updates)
        } catch let error as DatabaseError {
            throw Self.storeError(error)
        }
    }

    /// One read-only transaction on GRDB's queue.
    private func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await database.read(value)
        } catch let error as DatabaseError {
            throw Self.storeError(error)
        }
    }

    // MARK: Errors

    /// GRDB's errors as the store's, so every row reports a failure the same way.
    private static func storeError(_ error: DatabaseError) -> NoteStoreError {
        let message = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_CONSTRAINT: return .constraintViolation(message)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(message)
        default: return .sqlite(code: error.extendedResultCode.rawValue, message: message)
        }
    }

    /// A file that is not a database, or cannot be opened, fails as it does in the store.
    private static func openingError(_ error: DatabaseError, at location: NoteContainer.Location) -> NoteStoreError {
        guard case .file(let path) = location else { return storeError(error) }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notADatabase(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            return .cannotOpen(path: path, reason: error.message ?? "\(error.resultCode)")
        default: return storeError(error)
        }
    }

    private static func translatingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw storeError(error)
        }
    }
}

// MARK: - Shared infrastructure

extension GRDBRepository {
    /// GRDB registers its built-in SQL functions and collations on every connection it
    /// opens. They are process-wide `static let`s, alive before the row opens and after it
    /// closes by design: a leak check must not count them as the row's survivors.
    public static func isSharedInfrastructure(_ object: AnyObject) -> Bool {
        builtIns.contains(ObjectIdentifier(object))
    }

    /// Identities are enough: the statics live as long as the process, so an identifier
    /// can never be reused by another object.
    private static let builtIns: Set<ObjectIdentifier> = [
        ObjectIdentifier(DatabaseFunction.capitalize), ObjectIdentifier(DatabaseFunction.lowercase),
        ObjectIdentifier(DatabaseFunction.uppercase), ObjectIdentifier(DatabaseFunction.localizedCapitalize),
        ObjectIdentifier(DatabaseFunction.localizedLowercase), ObjectIdentifier(DatabaseFunction.localizedUppercase),
        ObjectIdentifier(DatabaseCollation.unicodeCompare), ObjectIdentifier(DatabaseCollation.caseInsensitiveCompare),
        ObjectIdentifier(DatabaseCollation.localizedCaseInsensitiveCompare),
        ObjectIdentifier(DatabaseCollation.localizedCompare), ObjectIdentifier(DatabaseCollation.localizedStandardCompare),
    ]
}

// MARK: - RowDescriptor

extension RowID {
    public static let grdb = RowID("grdb")
}

extension RowDescriptor {
    /// `grdb`: GRDB's `DatabaseQueue` with the same SQL, through its async API.
    public static let grdb = RowDescriptor(
        id: .grdb, kind: .peer,
        summary: "GRDB 7 DatabaseQueue, async read/write, the same SQL: a serial queue behind an actor",
        lessons: [],
        expectedHops: .perCall(
            1,
            because: "into GRDB's DispatchQueueActor, whose executor is GRDB's serial queue: one job on GRDB's queue",
            """
            not counted: the switch back to the caller is real, but withTaskCancellationHandler makes it inside \
            libswift_Concurrency, where the swift_task_switch meter cannot see it
            """
        ).listScreen(
            3, because: "off the main actor: the method is nonisolated async, so it runs on the global pool",
            "into GRDB's DispatchQueueActor, as every call does", "back to the main actor"
        ),
        costModel: .unpredicted(
            because: "GRDB runs more SQL than raw-sqlite for the same call (BEGIN, COMMIT, a re-prepared SELECT on every read): its work is not raw-sqlite's"
        ),
        isSharedInfrastructure: { GRDBRepository.isSharedInfrastructure($0) }
    ) { configuration in
        try GRDBRepository(location: configuration.location)
    }
}
