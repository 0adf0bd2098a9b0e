internal import CSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - SQLiteConnection

/// One SQLite connection with a cache of prepared statements.
///
/// Not `Sendable`: a connection belongs to whoever owns it (a context's queue, a mutex,
/// one thread), exactly like the contexts built on top of it.
public final class SQLiteConnection {
    /// Where the database lives.
    public enum Location: Sendable, Equatable {
        /// A file on disk, created when missing; opened in WAL mode.
        case file(String)
        /// A named in-memory database shared by every connection of this process that
        /// opens the same name (SQLite's `memdb` VFS); it disappears with the last one.
        case memory(name: String)

        var description: String {
            switch self {
            case .file(let path): path
            case .memory(let name): "memory:\(name)"
            }
        }
    }

    public let location: Location
    private var handle: OpaquePointer?
    private var statements: [String: Statement] = [:]

    /// Opens (creating when missing) the database, with the journal settings every row of
    /// the lab shares: WAL and `synchronous=NORMAL` for files (the `grdb` row sets the same
    /// two), and a busy timeout for cross-connection locks.
    ///
    /// `readOnly` opens an existing database to look at it: nothing is created and the
    /// journal mode is left as it is. `immutable` (with `readOnly`, for a file) reads the
    /// file alone, as SQLite's `immutable=1` does: no lock, no -wal or -shm opened or
    /// created beside it, whatever its journal mode; for a look at a file that may not be
    /// the lab's.
    public init(
        location: Location, readOnly: Bool = false, immutable: Bool = false, busyTimeoutMilliseconds: Int32 = 5_000
    ) throws(NoteStoreError) {
        self.location = location
        var flags = SQLITE_OPEN_NOMUTEX | (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let uri: String
        switch location {
        case .file(let path) where immutable && readOnly:
            uri = "file:" + Self.uriEscaped(path) + "?immutable=1"
            flags |= SQLITE_OPEN_URI
        case .file(let path):
            // A path is a path: without SQLITE_OPEN_URI, `file:x` names a file called `file:x`.
            uri = path
        case .memory(let name):
            uri = "file:/\(name)?vfs=memdb"
            flags |= SQLITE_OPEN_URI
        }
        var db: OpaquePointer?
        let code = sqlite3_open_v2(uri, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close(db)
            throw .cannotOpen(path: location.description, reason: reason)
        }
        handle = db
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
        sqlite3_extended_result_codes(db, 1)
        do {
            // Reading the schema is the first access to the file: a file that is not a
            // database fails here, before anything is written to it.
            try execute("SELECT count(*) FROM sqlite_master")
            if case .file = location, !readOnly {
                try execute("PRAGMA journal_mode=WAL")
                try execute("PRAGMA synchronous=NORMAL")
            }
            try execute("PRAGMA foreign_keys=ON")
        } catch {
            close()
            if case .file(let path) = location, error.isNotADatabase { throw .notADatabase(path: path) }
            if case .file(let path) = location, case .sqlite(_, let message) = error {
                throw .cannotOpen(path: path, reason: message)
            }
            throw error
        }
    }

    deinit { close() }

    /// A path as the path of a `file:` URI: `%`, `?` and `#` (which would end the path) and
    /// every byte that is not printable ASCII percent-encoded.
    static func uriEscaped(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%"), byte != UInt8(ascii: "?"), byte != UInt8(ascii: "#") {
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                escaped += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return escaped
    }

    /// Finalizes every cached statement and closes the connection. Safe to call twice.
    public func close() {
        for statement in statements.values { statement.finalize() }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// What a closed connection throws, instead of handing SQLite a null handle.
    static let closedError = NoteStoreError.sqlite(code: SQLITE_MISUSE, message: "the connection is closed")

    // MARK: Statements

    /// The prepared statement for `sql`, compiled once and reused (reset) afterwards.
    public func statement(_ sql: String) throws(NoteStoreError) -> Statement {
        guard handle != nil else { throw Self.closedError }
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var raw: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard code == SQLITE_OK, let raw else { throw error(code) }
        let statement = Statement(raw, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Runs SQL that returns no rows worth reading (DDL, pragmas, transaction control).
    public func execute(_ sql: String) throws(NoteStoreError) {
        guard handle != nil else { throw Self.closedError }
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw error(code, message: message.map { String(cString: $0) } ?? "")
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE … COMMIT` transaction; any error rolls it back,
    /// so the database is never left half-written.
    public func transaction<T>(_ body: () throws(NoteStoreError) -> T) throws(NoteStoreError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The number of rows the last INSERT, UPDATE or DELETE touched.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    // MARK: Errors

    func error(_ code: Int32) -> NoteStoreError {
        error(code, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "")
    }

    /// The error, with the file and the system's reason when the file system refused
    /// something: "disk I/O error on '/x/notes.sqlite-shm': No space left on device", not a
    /// bare "disk I/O error".
    func error(_ code: Int32, message: String) -> NoteStoreError {
        guard case .file(let path) = location,
              [SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_READONLY].contains(code & 0xFF)
        else { return Self.error(code, message: message) }
        // The shared-memory index's failures (SQLITE_IOERR_SHMOPEN, SHMSIZE, SHMLOCK, SHMMAP).
        let file = code & 0xFF == SQLITE_IOERR && (18...21).contains(code >> 8) ? path + "-shm" : path
        let system = handle.map { sqlite3_system_errno($0) } ?? 0
        let reason = system != 0 ? ": " + String(cString: strerror(system)) : ""
        return Self.error(code, message: "\(message) on '\(file)'\(reason)")
    }

    static func error(_ code: Int32, message: String) -> NoteStoreError {
        switch code & 0xFF {
        case SQLITE_CONSTRAINT: .constraintViolation(message)
        case SQLITE_BUSY, SQLITE_LOCKED: .busy(message)
        case SQLITE_NOTADB, SQLITE_CORRUPT: .sqlite(code: code, message: message)
        default: .sqlite(code: code, message: message)
        }
    }
}

// MARK: - Statement

/// A prepared statement: bind by position (1-based), step, read columns (0-based).
public final class Statement {
    private let raw: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(_ raw: OpaquePointer, connection: SQLiteConnection) {
        self.raw = raw
        self.connection = connection
    }

    func finalize() { sqlite3_finalize(raw) }

    func reset() {
        sqlite3_reset(raw)
        sqlite3_clear_bindings(raw)
    }

    // MARK: Binding

    /// Binds `value` to the parameter at `index` (1-based). Generic, so binding allocates
    /// nothing: a variadic `any` list would build an array on every call.
    @discardableResult
    public func bind(_ value: some SQLiteValue, at index: Int32) -> Statement {
        value.bind(to: raw, at: index)
        return self
    }

    // MARK: Stepping

    /// Advances to the next row; `false` when the statement is done. A finished or
    /// failed statement is reset at once, so it never holds a read transaction open.
    public func step() throws(NoteStoreError) -> Bool {
        switch sqlite3_step(raw) {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            sqlite3_reset(raw)
            return false
        case let code:
            let error = connection.error(code)
            sqlite3_reset(raw)
            throw error
        }
    }

    /// Reads the first row with `read`, then resets the statement (a read that stops
    /// early must not keep the database locked); nil when there is no row.
    ///
    /// Inlinable, so a caller in another module gets it specialised for its `T`: a
    /// snapshot read per call then moves no value through generic witnesses.
    @inlinable
    public func firstRow<T>(_ read: (Statement) -> T) throws(NoteStoreError) -> T? {
        defer { resetAfterRead() }
        guard try step() else { return nil }
        return read(self)
    }

    @usableFromInline
    func resetAfterRead() { sqlite3_reset(raw) }

    /// Runs a statement that returns no rows.
    public func run() throws(NoteStoreError) {
        while try step() {}
    }

    // MARK: Columns

    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(raw, column) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(raw, column) }
    public func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(raw, column) else { return "" }
        // SQLite knows the length (after `sqlite3_column_text`, as its documentation asks):
        // no `strlen` over the value again.
        let count = Int(sqlite3_column_bytes(raw, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
}

// MARK: - SQLiteValue

/// A Swift value that binds to a statement parameter.
public protocol SQLiteValue {
    func bind(to statement: OpaquePointer, at index: Int32)
}

extension Int64: SQLiteValue {
    public func bind(to statement: OpaquePointer, at index: Int32) { sqlite3_bind_int64(statement, index, self) }
}

extension Int: SQLiteValue {
    public func bind(to statement: OpaquePointer, at index: Int32) { sqlite3_bind_int64(statement, index, Int64(self)) }
}

extension Double: SQLiteValue {
    public func bind(to statement: OpaquePointer, at index: Int32) { sqlite3_bind_double(statement, index, self) }
}

extension String: SQLiteValue {
    public func bind(to statement: OpaquePointer, at index: Int32) {
        sqlite3_bind_text(statement, index, self, -1, csqlite_transient())
    }
}

// MARK: - Error classification

extension NoteStoreError {
    var isNotADatabase: Bool {
        if case .sqlite(let code, _) = self { return code & 0xFF == SQLITE_NOTADB || code & 0xFF == SQLITE_CORRUPT }
        return false
    }
}
