import Foundation
import NoteStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - LabDatabaseFile

/// A `--database` file, checked before SQLite touches it and marked as the lab's when a run
/// claims it.
///
/// The lab writes only to a new or empty file, or to a database it made itself: one whose
/// SQLite header holds the lab's `application_id` and schema version (`user_version`), and
/// whose schema is exactly the lab's, so that emptying its two tables removes nothing the
/// lab did not write. Everything else is refused with exit 65 and left byte-identical:
/// the header is read with `read(2)`, since opening the file with SQLite for writing would
/// already switch its journal mode.
struct LabDatabaseFile: Equatable {
    /// `PRAGMA application_id` of a lab database: "LabN" in ASCII.
    static let applicationID: Int32 = 0x4C61_624E
    /// `PRAGMA user_version` of a lab database; raise it when ``NoteSchema`` changes.
    static let schemaVersion: Int32 = 1

    /// The absolute path: an argument such as `file:x` names a file, never a SQLite URI.
    let path: String

    /// Checks `argument` as a `--database` path, reading and writing nothing.
    init(checking argument: String) throws(LabError) {
        path = URL(fileURLWithPath: argument).standardizedFileURL.path
        let status: FileStatus?
        do {
            status = try FileStatus.of(path)
        } catch {
            throw .data("cannot inspect --database '\(path)': \(error.message)")
        }
        guard let status else {
            try checkFolder()
            return
        }
        switch status.kind {
        case .regular: break
        case .directory: throw .usage("--database '\(argument)' is a folder; give a SQLite file path or 'memory'")
        default: throw .usage("--database '\(argument)' is \(status.kind.name), not a file; give a SQLite file path or 'memory'")
        }
        try checkFolder()
        guard access(path, W_OK) == 0 else { throw .data("--database '\(path)' is read-only") }
        if status.size == 0 {
            // An empty file beside a write-ahead log is a database whose writes are all
            // still in the log: someone else's until its header says otherwise.
            if let log = try? FileStatus.of(path + "-wal"), log.size > 0 { throw refusal("is empty but its -wal file is not") }
            return
        }
        let header = try readHeader()
        guard header.count == 100, header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
            throw refusal("is not a SQLite database")
        }
        let applicationID = Self.int32(header, at: 68)
        guard applicationID == Self.applicationID else {
            throw refusal("is a SQLite database the lab did not make (application_id \(applicationID))")
        }
        let version = Self.int32(header, at: 60)
        guard version == Self.schemaVersion else {
            throw refusal("is a lab database of schema version \(version), not \(Self.schemaVersion)")
        }
        guard try hasLabSchema() else { throw refusal("has the lab's mark but not its schema") }
    }

    /// Creates the lab's tables in a new or empty file and marks it, in one transaction.
    func claim() throws(LabError) {
        do {
            let connection = try SQLiteConnection(location: .file(path))
            defer { connection.close() }
            try connection.transaction { () throws(NoteStoreError) in
                try connection.execute(NoteSchema.create)
                try connection.execute(
                    "PRAGMA application_id = \(Self.applicationID); PRAGMA user_version = \(Self.schemaVersion)"
                )
            }
            // Moves the header into the file itself now: a run killed before its last
            // connection closes still leaves a file the next run recognises as the lab's.
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        } catch {
            throw LabError(opening: error)
        }
    }

    /// Removes every note and folder: everything the lab wrote, and nothing else (the schema
    /// is exactly the lab's).
    static func empty(_ path: String) throws(NoteStoreError) {
        let connection = try SQLiteConnection(location: .file(path))
        defer { connection.close() }
        try connection.transaction { () throws(NoteStoreError) in
            try connection.execute("DELETE FROM note; DELETE FROM folder;")
        }
    }

    // MARK: Checks

    private func refusal(_ what: String) -> LabError {
        .data("--database '\(path)' \(what); left untouched: the lab only writes to a new or empty file or to a database it made")
    }

    /// SQLite creates the -wal and -shm files beside the database: its folder must take them.
    private func checkFolder() throws(LabError) {
        let folder = (path as NSString).deletingLastPathComponent
        guard (try? FileStatus.of(folder))?.kind == .directory else {
            throw .usage("--database '\(path)': the folder '\(folder)' does not exist")
        }
        guard access(folder, W_OK) == 0 else { throw .data("--database '\(path)': the folder '\(folder)' is read-only") }
    }

    /// The 100-byte SQLite header, or fewer bytes when the file is shorter.
    private func readHeader() throws(LabError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .data("cannot read --database '\(path)': \(POSIXFailure.current.message)") }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw .data("cannot read --database '\(path)': \(POSIXFailure.current.message)") }
        return Array(header.prefix(count))
    }

    /// Whether the file's schema is the lab's, object for object. Read-only: a lab database
    /// is already in WAL mode, so this open changes nothing in it.
    private func hasLabSchema() throws(LabError) -> Bool {
        do {
            let file = try SQLiteConnection(location: .file(path), readOnly: true)
            defer { file.close() }
            let reference = try SQLiteConnection(location: .memory(name: "lab-schema-\(UUID().uuidString)"))
            defer { reference.close() }
            try reference.execute(NoteSchema.create)
            return try Self.schema(of: file) == Self.schema(of: reference)
        } catch {
            throw LabError(opening: error)
        }
    }

    private static func schema(of connection: SQLiteConnection) throws(NoteStoreError) -> [String] {
        let statement = try connection.statement("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master ORDER BY type, name")
        var objects: [String] = []
        while try statement.step() {
            objects.append((0..<4).map { statement.string($0) }.joined(separator: "\u{1F}"))
        }
        return objects
    }

    /// The big-endian 32-bit integer at `offset` of the header.
    private static func int32(_ header: [UInt8], at offset: Int) -> Int32 {
        Int32(bitPattern: header[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) })
    }
}
