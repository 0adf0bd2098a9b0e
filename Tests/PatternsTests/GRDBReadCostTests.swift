import Dispatch
import GRDB
import GRDBSQLite
import NoteStore
import TestSupport
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the grdb row's reads cost besides the SQL, counted, never timed. The row reads with
/// `DatabaseQueue.read`; these tests run the row's own SELECT (`NoteSchema.selectNote`) as a
/// cached statement through GRDB directly, so they can look at the statement and at the
/// connection that `GRDBRepository` keeps private.
///
/// `read` is GRDB's read-only transaction: `PRAGMA query_only = 1`, `BEGIN DEFERRED
/// TRANSACTION`, the closure, `COMMIT TRANSACTION`, `PRAGMA query_only = 0`. Each change of
/// `query_only` expires every prepared statement of the connection, so the next step of each
/// one compiles its SQL again (SQLite counts that as a re-prepare).
@Suite("GRDB read cost")
struct GRDBReadCostTests {
    // MARK: Re-prepares

    // snippet: reprepare-count
    @Test("Each async read re-prepares the cached SELECT once: the query_only toggle expires it")
    func readReprepares() async throws {
        let queue = try Self.seededQueue()
        var probes: [Probe] = []
        for _ in 0..<4 {
            probes.append(try await queue.read { db in try Self.selectNote(in: db) })
        }
        #expect(Set(probes.map(\.statement)).count == 1, "one cached statement, reused")
        #expect(Self.growth(probes.map(\.reprepares)) == [1, 1, 1])
        try queue.close()
    }

    @Test("The same cached SELECT through inDatabase or writeWithoutTransaction is never re-prepared")
    func noTransactionKeepsStatement() async throws {
        let queue = try Self.seededQueue()
        var probes: [Probe] = []
        for _ in 0..<2 {
            probes.append(try queue.inDatabase { db in try Self.selectNote(in: db) })
            probes.append(try await queue.writeWithoutTransaction { db in try Self.selectNote(in: db) })
        }
        #expect(Set(probes.map(\.statement)).count == 1, "one cached statement, reused")
        #expect(probes.map(\.reprepares) == [0, 0, 0, 0])
        try queue.close()
    }
    // snippet: end

    @Test("Each async read re-prepares three statements of the connection: the SELECT and both query_only pragmas")
    func readRepreparesPragmasToo() async throws {
        let queue = try Self.seededQueue()
        var totals: [Int32] = []
        var perStatement: [String: Int32] = [:]
        for _ in 0..<4 {
            _ = try await queue.read { db in try Self.selectNote(in: db) }
            perStatement = queue.inDatabase { db in Self.reprepares(of: db) }
            totals.append(perStatement.values.reduce(0, +))
        }
        #expect(Self.growth(totals) == [3, 3, 3])
        #expect(Set(perStatement.keys) == ["PRAGMA query_only = 1", "PRAGMA query_only = 0", NoteSchema.selectNote])
        try queue.close()
    }

    @Test("A write's cached statements are re-prepared when a read ran since the last write, and only then")
    func writeAfterReadReprepares() async throws {
        let queue = try Self.seededQueue()
        var writes: [Probe] = []
        // Two writes in a row, then writes with a read between them, as the mixed scenario does.
        writes.append(try await queue.write { db in try Self.updateNote(in: db) })
        writes.append(try await queue.write { db in try Self.updateNote(in: db) })
        for _ in 0..<2 {
            _ = try await queue.read { db in try Self.selectNote(in: db) }
            writes.append(try await queue.write { db in try Self.updateNote(in: db) })
        }
        #expect(Set(writes.map(\.statement)).count == 1, "one cached statement, reused")
        #expect(Self.growth(writes.map(\.reprepares)) == [0, 1, 1])
        try queue.close()
    }

    // MARK: Statements per read

    @Test("An async read runs five statements for one SELECT; inDatabase runs the SELECT alone")
    func statementsPerRead() async throws {
        let log = StatementLog()
        let queue = try Self.seededQueue()
        queue.inDatabase { db in db.trace { log.record($0) } }
        _ = try await queue.read { db in try Self.selectNote(in: db) }
        #expect(log.take() == [
            "PRAGMA query_only = 1",
            "BEGIN DEFERRED TRANSACTION",
            NoteSchema.selectNote,
            "COMMIT TRANSACTION",
            "PRAGMA query_only = 0",
        ])
        _ = try queue.inDatabase { db in try Self.selectNote(in: db) }
        #expect(log.take() == [NoteSchema.selectNote])
        _ = try await queue.writeWithoutTransaction { db in try Self.selectNote(in: db) }
        #expect(log.take() == [NoteSchema.selectNote])
        try queue.close()
    }

    @Test("A DatabasePool read runs four statements and re-prepares none: its readers are opened read-only")
    func poolRead() async throws {
        let folder = try TemporaryFolder()
        let log = StatementLog()
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.trace { log.record($0) } }
        let pool = try DatabasePool(path: folder.path("pool.sqlite"), configuration: configuration)
        try await pool.write { db in
            try db.execute(sql: NoteSchema.create)
            try db.execute(sql: NoteSchema.insertFolder, arguments: [1, "Inbox"])
            try db.execute(sql: NoteSchema.insertNote, arguments: [1, 1, "title", "body", 0.0, 0.0])
        }
        _ = try await pool.read { db in try Self.selectNote(in: db) }
        _ = log.take()
        var probes: [Probe] = []
        for _ in 0..<3 {
            probes.append(try await pool.read { db in try Self.selectNote(in: db) })
            // `PRAGMA schema_version`: the reader checks that GRDB's schema cache is still valid.
            #expect(log.take() == [
                "BEGIN DEFERRED TRANSACTION", "PRAGMA schema_version", NoteSchema.selectNote, "COMMIT TRANSACTION",
            ])
        }
        #expect(probes.map(\.reprepares) == [0, 0, 0])
        try pool.close()
    }

    // MARK: Thread hand-offs

    @Test("An async read or writeWithoutTransaction runs its closure on GRDB's queue and resumes the caller off it; inDatabase stays on the caller's thread")
    func handOffs() async throws {
        let target = DispatchQueue(label: "grdb-read-cost.target")
        target.setSpecific(key: GRDBQueueMark.key, value: GRDBQueueMark.value)
        var configuration = Configuration()
        configuration.targetQueue = target
        let queue = try DatabaseQueue(configuration: configuration)

        #expect(!GRDBQueueMark.isCurrent)
        let readOnGRDBQueue = try await queue.read { _ in GRDBQueueMark.isCurrent }
        #expect(readOnGRDBQueue, "the closure is a job on GRDB's queue: one hand-off in")
        #expect(!GRDBQueueMark.isCurrent, "the caller continues off GRDB's queue: one hand-off back")
        let writeOnGRDBQueue = try await queue.writeWithoutTransaction { _ in GRDBQueueMark.isCurrent }
        #expect(writeOnGRDBQueue, "the same two hand-offs without the transaction")
        #expect(!GRDBQueueMark.isCurrent)

        let caller = pthread_self()
        let (onQueue, sameThread) = queue.inDatabase { _ in
            (GRDBQueueMark.isCurrent, pthread_equal(pthread_self(), caller) != 0)
        }
        #expect(onQueue, "inDatabase holds GRDB's queue")
        #expect(sameThread, "dispatch_sync runs the closure on the calling thread: no hand-off")
        try queue.close()
    }

    // MARK: Helpers

    /// One cached statement after a step: which statement, and how often SQLite re-prepared it.
    struct Probe: Sendable {
        var statement: ObjectIdentifier
        var reprepares: Int32
    }

    /// A private in-memory database with the row's schema, one folder and one note, set up
    /// without a transaction and without the statements the tests probe.
    static func seededQueue() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.inDatabase { db in
            try db.execute(sql: NoteSchema.create)
            try db.execute(sql: NoteSchema.insertFolder, arguments: [1, "Inbox"])
            try db.execute(sql: NoteSchema.insertNote, arguments: [1, 1, "title", "body", 0.0, 0.0])
        }
        return queue
    }

    /// The row's point read, as a cached statement.
    static func selectNote(in db: Database) throws -> Probe {
        let statement = try db.cachedStatement(sql: NoteSchema.selectNote)
        _ = try Row.fetchOne(statement, arguments: [1])
        return probe(statement)
    }

    /// The row's update, as a cached statement.
    static func updateNote(in db: Database) throws -> Probe {
        let statement = try db.cachedStatement(sql: NoteSchema.updateNote)
        try statement.execute(arguments: [1, 1, "title", "edited", 0.0, 1.0])
        return probe(statement)
    }

    static func probe(_ statement: GRDB.Statement) -> Probe {
        Probe(
            statement: ObjectIdentifier(statement),
            reprepares: sqlite3_stmt_status(statement.sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
        )
    }

    /// The re-prepare count of every statement the connection holds and has re-prepared, by SQL.
    static func reprepares(of db: Database) -> [String: Int32] {
        var counts: [String: Int32] = [:]
        var next = sqlite3_next_stmt(db.sqliteConnection, nil)
        while let statement = next {
            let count = sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_REPREPARE, 0)
            if count > 0 { counts[String(cString: sqlite3_sql(statement)), default: 0] += count }
            next = sqlite3_next_stmt(db.sqliteConnection, statement)
        }
        return counts
    }

    /// How much each value grew over the one before it.
    static func growth(_ values: [Int32]) -> [Int32] {
        zip(values.dropFirst(), values).map { $0 - $1 }
    }

    /// The SQL of every statement SQLite starts on a traced connection.
    final class StatementLog: Sendable {
        private let statements = Mutex<[String]>([])

        func record(_ event: Database.TraceEvent) {
            guard case .statement(let statement) = event else { return }
            statements.withLock { $0.append(statement.sql) }
        }

        /// The statements recorded since the last call.
        func take() -> [String] {
            statements.withLock { recorded in
                defer { recorded.removeAll() }
                return recorded
            }
        }
    }

    /// A mark on the target queue of GRDB's queue: `DispatchQueue.getSpecific` looks along the
    /// target chain, so it is found on GRDB's queue and nowhere else.
    enum GRDBQueueMark {
        static let key = DispatchSpecificKey<Int>()
        static let value = 1

        static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == value }
    }
}
