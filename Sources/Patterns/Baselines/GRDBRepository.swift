// Peer: the same schema and the same SQL through GRDB's `DatabaseQueue`, called with its
// async `read` and `write`, the way a Swift-concurrency app uses GRDB. (The `grdb-pool`
// row, at the end of this file, makes the same calls on a `DatabasePool`.) The row shows
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
    /// GRDB's connection: a `DatabaseQueue` (one connection and its serial queue) or a
    /// `DatabasePool` (one writer queue and a pool of reader connections). Both are Sendable:
    /// GRDB serializes every write on the writer's queue, which is the pattern these rows
    /// measure, and a pool runs each read on a reader of its own.
    private let database: any DatabaseWriter
    /// The file a pool asked for an in-memory database works on, removed at `close()`.
    /// Package access, so a test can see that it goes.
    package let temporaryFile: TemporaryWALFile?

    /// What GRDB opens: the `grdb` row's queue, or the `grdb-pool` row's pool.
    public enum Connection: Sendable {
        case queue
        case pool
    }

    public init(location: NoteContainer.Location, connection: Connection = .queue) throws {
        var configuration = Configuration()
        configuration.label = connection == .queue ? "grdb-row" : "grdb-pool-row"
        // The store waits up to 5 s for a lock held by another connection; so does this
        // row (GRDB's default is to fail at once).
        configuration.busyMode = .timeout(5)
        // The other rows open every file in WAL with synchronous=NORMAL (`SQLiteConnection`);
        // the same pragmas run here on each connection GRDB opens that writes, so a file
        // benchmark compares like with like. A DatabaseQueue keeps whatever journal mode the
        // file has (rollback journal for a new file); a DatabasePool sets WAL itself, and
        // its readers are read-only connections (`Configuration.readonly`), where neither
        // pragma applies. (`Configuration.journalMode = .wal` would do the same for the
        // queue, plus a throwaway table GRDB creates to make the -wal file non-empty.)
        configuration.prepareDatabase { db in
            guard !db.configuration.readonly else { return }
            if connection == .queue { try db.execute(sql: "PRAGMA journal_mode=WAL") }
            try db.execute(sql: "PRAGMA synchronous=NORMAL")
        }
        var temporaryFile: TemporaryWALFile?
        do {
            switch (location, connection) {
            case (.file(let path), .queue):
                database = try DatabaseQueue(path: path, configuration: configuration)
            case (.inMemory, .queue):
                // One connection needs no shared name: a private in-memory database lives
                // exactly as long as the queue, like the store's in-memory container.
                database = try DatabaseQueue(configuration: configuration)
            case (.file(let path), .pool):
                database = try DatabasePool(path: path, configuration: configuration)
            case (.inMemory, .pool):
                // A pool needs WAL, which an in-memory database cannot have ("Database
                // pools open your SQLite database in the WAL mode"; "Database queues
                // support in-memory databases", GRDB's DatabaseConnections guide): asked
                // for memory, the row works on a temporary file of its own.
                let file = TemporaryWALFile(row: "grdb-pool")
                temporaryFile = file
                database = try DatabasePool(path: file.path, configuration: configuration)
            }
            self.temporaryFile = temporaryFile
            // Foreign keys are on by default in GRDB, as `SQLiteConnection` turns them on.
            try database.writeWithoutTransaction { db in try db.execute(sql: NoteSchema.create) }
        } catch let error as DatabaseError {
            temporaryFile?.remove()
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
        // Waits (blocking, briefly) for GRDB's queues to finish their last jobs, then closes
        // the connections: after this they hold nothing the leak check could miss.
        defer { temporaryFile?.remove() }
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

    /// One `BEGIN IMMEDIATE … COMMIT` on GRDB's writer queue; an error rolls it back.
    private func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await database.write(updates)
        } catch let error as DatabaseError {
            throw Self.storeError(error)
        }
    }

    /// One read-only transaction: on the queue's connection, or on one of the pool's readers.
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

extension RowDescriptor {
    /// `grdb`: GRDB's `DatabaseQueue` with the same SQL, through its async API.
    public static let grdb = RowDescriptor(
        id: .grdb, kind: .peer,
        summary: "GRDB's `DatabaseQueue` with the same schema and SQL, through its async API",
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

// MARK: - grdb-pool

extension RowDescriptor {
    /// `grdb-pool`: GRDB's `DatabasePool`, with the same SQL through the same async calls
    /// (`read`, `write`) as `grdb`: writes on the pool's one writer queue, each read on one
    /// of up to `Configuration.maximumReaderCount` read-only connections (5 by default,
    /// GRDB 7.10's Configuration.swift), in a transaction of its own. "Database pools allow
    /// concurrent database accesses", in WAL mode (GRDB's DatabaseConnections guide).
    public static let grdbPool = RowDescriptor(
        id: .grdbPool, kind: .peer,
        summary: """
            GRDB's `DatabasePool` with the same schema and SQL: one writer queue, up to five \
            read-only reader connections, each read a transaction of its own
            """,
        lessons: [],
        // GRDB 7.10's DatabasePool.read and Pool.get(block:) (GRDB/Core/DatabasePool.swift,
        // GRDB/Utils/Pool.swift): a read takes a reader on the pool's waiting actor, then runs
        // on the reader's own actor; a write is the writer's, as in the grdb row.
        expectedHops: HopExpectation(
            reasons: [
                "a read: into the pool's waiting actor (a DispatchQueueActor on GRDB's serial \"GRDB.Pool.wait\" queue), which takes a free reader, waiting on a DispatchSemaphore there when all are busy",
                "a read: back to the cooperative pool, where GRDB's nonisolated Pool.get(block:) goes on",
                "a read: into the reader's DispatchQueueActor, whose executor is that reader connection's serial queue",
                "a write: into the writer's DispatchQueueActor, one job on the writer's queue",
                "not counted: the switch back to the caller, made inside withTaskCancellationHandler in libswift_Concurrency, where the swift_task_switch meter cannot see it",
            ],
            reads: 3, writes: 1
        ).listScreen(5, because: "a read's three, and off the main actor into the nonisolated method first and back to it at the end"),
        costModel: .unpredicted(
            because: "GRDB runs more SQL than raw-sqlite for the same call (BEGIN, COMMIT), and its reads run on several connections: its work is not raw-sqlite's"
        ),
        isSharedInfrastructure: { GRDBRepository.isSharedInfrastructure($0) }
    ) { configuration in
        try GRDBRepository(location: configuration.location, connection: .pool)
    }
}
