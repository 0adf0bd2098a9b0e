import RowKit
import Support
import Foundation
import NoteStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - LabDatabaseFile

/// A `--database` file, checked before SQLite touches it and claimed as the lab's when a
/// run starts.
///
/// The lab writes only to a new or empty file, or to a database it made itself: one whose
/// SQLite header holds the lab's `application_id` and schema version (`user_version`), and
/// whose schema is exactly the lab's, so that emptying its two tables removes nothing the
/// lab did not write. Everything else is refused with exit 65 and left byte-identical:
/// the header is read with `read(2)`, and the schema through SQLite's `immutable=1`, which
/// opens no -wal or -shm beside the file and locks nothing.
///
/// SQLite treats the files beside a database (`-wal`, `-shm`, `-journal`) as part of it:
/// opening the database replays a log into it, rolls a journal back, and deletes both, even
/// when the database itself is missing or empty. So every one of them is checked first
/// (`checkCompanions(_:)`), and one the lab did not make refuses the run.
package struct LabDatabaseFile: Equatable {
    /// `PRAGMA application_id` of a lab database: "LabN" in ASCII.
    package static let applicationID: Int32 = 0x4C61_624E
    /// `PRAGMA user_version` of a lab database; raise it when `NoteSchema` changes.
    package static let schemaVersion: Int32 = 1

    package enum State: Equatable {
        case missing, empty, lab
    }

    /// The absolute path as given: an argument such as `file:x` names a file, never a
    /// SQLite URI. Messages name it.
    package let path: String
    /// The file SQLite opens: `path` with its symbolic links resolved. SQLite keeps the
    /// -wal and -shm beside the file a link points to, so the lab checks them there.
    package let file: String
    package let state: State

    /// Checks `argument` as a `--database` path, reading and writing nothing. A lock held by
    /// this process, or by `owner` (the `lab bench` run that started the counting pass), is
    /// not another run's.
    package init(checking argument: String, heldBy owner: pid_t? = nil) throws(LabError) {
        guard !argument.hasSuffix("/") else {
            throw .usage("--database '\(argument.shown)' ends in '/', which names a folder; give a SQLite file path or 'memory'")
        }
        try SideFile.checkCurrentFolder(for: argument, option: "--database")
        // Absolute, but with its '..' left to the kernel: after a symbolic link, '..' is the
        // parent of the link's target, not the folder its letters suggest.
        path = argument.hasPrefix("/") ? argument : FileManager.default.currentDirectoryPath + "/" + argument
        let length = Self.name(of: path).utf8.count
        guard length + 4 <= SideFile.nameMax else {
            throw .usage(
                "--database '\(path.shown)': its name is \(length) bytes, and SQLite keeps a file named after it plus '-wal' beside it: give a name of at most \(SideFile.nameMax - 4) bytes"
            )
        }
        let status: FileStatus?
        do {
            status = try FileStatus.of(path)
        } catch {
            throw .data("cannot inspect --database '\(path.shown)': \(error.message)")
        }
        guard let status else {
            if (try? FileStatus.of(path, followingLinks: false))?.kind == .symbolicLink {
                throw .usage("--database '\(argument.shown)' is a symbolic link to nothing; give a SQLite file path or 'memory'")
            }
            file = try Self.resolvedFolder(of: path, argument: argument) + "/" + Self.name(of: path)
            try Self.checkLength(of: file, for: path)
            state = .missing
            try checkFolder()
            try checkCompanions(pageSize: nil)
            return
        }
        switch status.kind {
        case .regular: break
        case .directory: throw .usage("--database '\(argument.shown)' is a folder; give a SQLite file path or 'memory'")
        default: throw .usage("--database '\(argument.shown)' is \(status.kind.name), not a file; give a SQLite file path or 'memory'")
        }
        file = Self.resolved(path) ?? path
        try Self.checkLength(of: file, for: path)
        // A committed log is part of the database (unless the file is empty: SQLite then
        // ignores it): a lab database killed before its first checkpoint has its mark in the
        // log alone, beside the first page the switch to WAL wrote.
        // (A -wal that is a link is not read here: the companions' check refuses it.)
        let logged = (try? FileStatus.of(file + "-wal", followingLinks: false)).map { $0.kind == .regular && $0.size > 0 } ?? false
        if status.size == 0 {
            state = .empty
            try checkFolder()
            try checkWritable()
            try checkCompanions(pageSize: nil)
            return
        }
        state = .lab
        try checkFolder()
        try checkWritable()
        // The main file's header: without a log, its mark is the database's; with one, the
        // log's first page may be the only whole one (SQLite reads it from there).
        let header = logged ? try? readMainHeader() : try readMainHeader()
        if !logged, let header { try checkMark(header) }
        // Another run holds it now: what is beside it is that run's, and its pages may be
        // moving. (Checked again under this run's own lock, which is not another's.)
        if let holder = DatabaseLock.holder(of: status.identity), holder != getpid(), holder != owner {
            throw DatabaseLock.inUse(path, holder: holder)
        }
        try checkCompanions(pageSize: header?.pageSize)
        if logged {
            // The mark and the schema SQLite will see, with the log applied, on one copy of
            // both: after a kill before a checkpoint, or a full disk during one, the main
            // file's header is an older one.
            let (mark, isLab) = try withLogApplied { (database) throws(NoteStoreError) in
                (try Self.mark(of: database), try Self.hasLabSchema(database))
            }
            try checkMark(mark)
            guard isLab else { throw refusal("has the lab's mark but not its schema") }
        } else {
            guard try hasLabSchema() else { throw refusal("has the lab's mark but not its schema") }
        }
    }

    private func checkMark(_ mark: Mark) throws(LabError) {
        guard mark.applicationID == Self.applicationID else {
            throw refusal("is a SQLite database the lab did not make (application_id \(mark.applicationID))")
        }
        guard mark.version == Self.schemaVersion else {
            throw refusal("is a lab database of schema version \(mark.version), not \(Self.schemaVersion)")
        }
    }

    /// What the database's header says, as SQLite will see it.
    private struct Mark {
        var applicationID: Int32
        var version: Int32
        var pageSize: Int
    }

    /// The main file's header.
    private func readMainHeader() throws(LabError) -> Mark {
        let header = try readHeader()
        guard header.count == 100, header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
            throw refusal("is not a SQLite database")
        }
        let pageSize = Int(header[16]) << 8 | Int(header[17])
        return Mark(
            applicationID: Self.int32(header, at: 68), version: Self.int32(header, at: 60),
            pageSize: pageSize == 1 ? 65_536 : pageSize
        )
    }

    /// The header's values as `database` reads them.
    private static func mark(of database: SQLiteConnection) throws(NoteStoreError) -> Mark {
        func value(_ pragma: String) throws(NoteStoreError) -> Int64 {
            try database.statement("PRAGMA \(pragma)").firstRow { $0.int64(0) } ?? 0
        }
        return Mark(
            applicationID: Int32(truncatingIfNeeded: try value("application_id")),
            version: Int32(truncatingIfNeeded: try value("user_version")), pageSize: Int(try value("page_size"))
        )
    }

    // MARK: Claiming

    /// Locks the file for this run and makes sure it is a marked lab database: a new or
    /// empty file is made one all at once (`create()`); a lab database is checked again
    /// under the lock. Returns the lock, held until the run ends.
    package func claim() throws(LabError) -> DatabaseLock {
        switch state {
        case .lab:
            let lock = try DatabaseLock(for: file)
            do throws(LabError) {
                // Checked again under the lock: the file may have changed since.
                try recheck(lock, expecting: .lab)
            } catch {
                lock.release()
                throw error
            }
            return lock
        case .missing, .empty:
            return try create()
        }
    }

    /// Builds the lab's database complete in a file of the lab's beside the path, then
    /// renames it into place, over the name this run holds: a new empty file it made
    /// exclusively, or the empty file that was there. The path then names the new database
    /// or what it named before, never half a claim: a claim that fails (a full disk) or is
    /// interrupted removes what it made and nothing else.
    private func create() throws(LabError) -> DatabaseLock {
        let held = try hold()
        defer { held.lock.release() }
        let built: SideFile
        do {
            built = try SideFile.create(beside: file, mode: 0o644)
        } catch {
            if held.made { SideFile.remove(file, ifStill: held.lock.identity) }
            throw .data("cannot create --database '\(path.shown)': \(error.message)")
        }
        Interruption.removeIfInterrupted(built.path, identity: built.identity)
        for suffix in SQLiteFiles.companions { Interruption.removeIfInterrupted(built.path + suffix) }
        do throws(LabError) {
            // Nobody else knows this file yet; once renamed, the lock is the database's.
            guard flock(built.descriptor, LOCK_EX | LOCK_NB) == 0 else {
                throw .data("cannot lock --database '\(path.shown)': \(POSIXFailure.current.message)")
            }
            if state == .empty, let mode = (try? FileStatus.of(file, followingLinks: false))?.mode {
                fchmod(built.descriptor, mode)
            }
            do throws(NoteStoreError) {
                try Self.build(built.path)
            } catch {
                // The file that failed is the lab's own, built beside the path: name the path.
                let reason = switch error {
                case .cannotOpen(_, let reason): reason
                case .sqlite(_, let message): message
                default: error.description
                }
                let words = reason.replacingOccurrences(of: " on '\(built.path)'", with: "")
                throw .data("cannot create --database '\(path.shown)': \(words.shown); nothing was left behind")
            }
            try recheck(held.lock, expecting: state)
            guard rename(built.path, file) == 0 else {
                throw .data("cannot create --database '\(path.shown)': \(POSIXFailure.current.message)")
            }
        } catch {
            SideFile.remove(built.path, ifStill: built.identity)
            close(built.descriptor)
            for suffix in SQLiteFiles.companions { unlink(built.path + suffix) }
            if held.made { SideFile.remove(file, ifStill: held.lock.identity) }
            forget(built, held)
            throw error
        }
        forget(built, held)
        return DatabaseLock(holding: built.descriptor, at: file, identity: built.identity)
    }

    /// The name this claim holds until the built database replaces it.
    private struct Held {
        var lock: DatabaseLock
        /// Whether this run made the file (a new one), so that a failed claim removes it.
        var made: Bool
    }

    private func hold() throws(LabError) -> Held {
        guard state == .missing else { return Held(lock: try DatabaseLock(for: file), made: false) }
        let descriptor = open(file, O_RDONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let failure = POSIXFailure.current
            if failure.code == EEXIST {
                // Another run made it a moment ago, or something else did: say which.
                let lock = try DatabaseLock(for: file)
                lock.release()
                throw .data("--database '\(path.shown)' appeared while the lab was checking it; left untouched: run again to check it")
            }
            throw .data("cannot create --database '\(path.shown)': \(failure.message)")
        }
        let identity: FileIdentity
        do {
            identity = try DatabaseLock.lock(descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        Interruption.removeIfInterrupted(file, identity: identity)
        return Held(lock: DatabaseLock(holding: descriptor, at: file, identity: identity), made: true)
    }

    private func forget(_ built: SideFile, _ held: Held) {
        Interruption.forget(built.path)
        for suffix in SQLiteFiles.companions { Interruption.forget(built.path + suffix) }
        if held.made { Interruption.forget(file) }
    }

    /// Checks the path again, with `lock` held: still the locked file, in `state`, with
    /// nothing beside it that is not the lab's.
    private func recheck(_ lock: DatabaseLock, expecting state: State) throws(LabError) {
        let now = try LabDatabaseFile(checking: path)
        guard now.file == file, now.state == state || (state == .missing && now.state == .empty),
              lock.identity.isAt(file)
        else {
            throw .data("--database '\(path.shown)' changed while the lab was checking it; left untouched: run again to check it")
        }
    }

    /// Makes the lab's tables in a new file and marks it, in one transaction, in WAL mode;
    /// closing the connection checkpoints the log into the file and removes it.
    private static func build(_ path: String) throws(NoteStoreError) {
        let connection = try SQLiteConnection(location: .file(path))
        defer { connection.close() }
        try connection.transaction { () throws(NoteStoreError) in
            try connection.execute(NoteSchema.create)
            try connection.execute("PRAGMA application_id = \(applicationID); PRAGMA user_version = \(schemaVersion)")
        }
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Removes every note and folder: everything the lab wrote, and nothing else (the schema
    /// is exactly the lab's).
    package static func empty(_ path: String) throws(NoteStoreError) {
        let connection = try SQLiteConnection(location: .file(path))
        defer { connection.close() }
        try connection.transaction { () throws(NoteStoreError) in
            try connection.execute("DELETE FROM note; DELETE FROM folder;")
        }
    }

    // MARK: Checks

    private func refusal(_ what: String) -> LabError {
        .data("--database '\(path.shown)' \(what); left untouched: the lab only writes to a new or empty file or to a database it made")
    }

    private func companionRefusal(_ what: String, _ companion: String) -> LabError {
        .data("--database '\(path.shown)' \(what); left untouched: move '\(companion.shown)' away, or give another path")
    }

    /// The files SQLite would take as part of the database. Beside a new or empty file,
    /// none may exist: whatever is there is another program's (the lab's own claim leaves
    /// none behind). Beside a lab database, a -wal and a -shm are its own log and index,
    /// left by a lab run that was killed (the log holds its last committed batches), when
    /// they are what SQLite makes: a log whose header is valid and of the database's page
    /// size, an index whose header is SQLite's. A -journal never is: lab databases use WAL.
    private func checkCompanions(pageSize: Int?) throws(LabError) {
        for suffix in SQLiteFiles.companions {
            let companion = file + suffix
            let status: FileStatus?
            do {
                status = try FileStatus.ifAny(companion)
            } catch {
                throw .data("cannot inspect '\(companion.shown)' beside --database '\(path.shown)': \(error.message)")
            }
            guard let status else { continue }
            guard status.kind == .regular else {
                throw companionRefusal("has \(status.kind.name) beside it as its \(suffix) file", companion)
            }
            // SQLite writes into its companions in place: one with another name is another
            // file's bytes (a user's file, hard-linked there), never the lab's.
            guard status.links <= 1 else {
                throw companionRefusal("has a \(suffix) file beside it with more than one name (a hard link to another file)", companion)
            }
            switch state {
            case .missing:
                throw companionRefusal("does not exist, but its \(suffix) file does", companion)
            case .empty:
                // The words of the first check of this case, kept.
                if suffix == "-wal", status.size > 0 { throw refusal("is empty but its -wal file is not") }
                throw companionRefusal("is empty, but its \(suffix) file exists", companion)
            case .lab:
                if suffix == "-journal" {
                    throw companionRefusal(
                        "has a hot journal beside it, an unfinished transaction in rollback mode that SQLite would roll back into it (the lab's databases use WAL)",
                        companion
                    )
                }
                if status.size == 0 { continue }
                let valid = suffix == "-wal" ? Self.isLog(companion, pageSize: pageSize) : Self.isIndex(companion, size: status.size)
                guard valid else {
                    throw companionRefusal("has a \(suffix) file beside it that is not this database's SQLite \(suffix == "-wal" ? "log" : "index")", companion)
                }
            }
        }
    }

    /// Whether `path` starts with a valid SQLite write-ahead log header for pages of
    /// `pageSize`: magic, format version, page size, and the header's own checksum.
    package static func isLog(_ path: String, pageSize: Int?) -> Bool {
        guard let header = readPrefix(of: path, count: 32), header.count == 32 else { return false }
        let word = { (offset: Int) in header[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
        let magic = word(0)
        guard magic & 0xFFFF_FFFE == 0x377F_0682, word(4) == 3_007_000 else { return false }
        if let pageSize, Int(word(8)) != pageSize { return false }
        // SQLite's checksum over the first 24 bytes, in the byte order the magic names.
        let bigEndian = magic & 1 == 1
        let native = { (offset: Int) -> UInt32 in
            bigEndian ? word(offset) : header[offset..<offset + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
        var sum0: UInt32 = 0
        var sum1: UInt32 = 0
        for offset in stride(from: 0, to: 24, by: 8) {
            sum0 = sum0 &+ native(offset) &+ sum1
            sum1 = sum1 &+ native(offset + 4) &+ sum0
        }
        return sum0 == word(24) && sum1 == word(28)
    }

    /// Whether `path` looks like SQLite's shared-memory index of a log: whole 32 KiB pages,
    /// and a header of SQLite's index version, or not written yet.
    package static func isIndex(_ path: String, size: Int64) -> Bool {
        guard size % 32_768 == 0, let header = readPrefix(of: path, count: 48), header.count == 48 else { return false }
        let version = header[0..<4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let bigEndianVersion = header[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return version == 3_007_000 || bigEndianVersion == 3_007_000 || header.allSatisfy { $0 == 0 }
    }

    /// SQLite creates the -wal and -shm files beside the database: its folder must take them.
    private func checkFolder() throws(LabError) {
        let folder = SideFile.folder(of: file)
        guard (try? FileStatus.of(folder))?.kind == .directory else {
            throw .usage("--database '\(path.shown)': the folder '\(folder.shown)' does not exist")
        }
        guard access(folder, W_OK) == 0 else {
            throw .data("--database '\(path.shown)': the folder '\(folder.shown)' is read-only; SQLite writes its -wal and -shm files beside the database")
        }
    }

    private func checkWritable() throws(LabError) {
        guard access(file, W_OK) == 0 else { throw .data("--database '\(path.shown)' is read-only") }
    }

    /// The 100-byte SQLite header, or fewer bytes when the file is shorter.
    private func readHeader() throws(LabError) -> [UInt8] {
        guard let header = Self.readPrefix(of: file, count: 100) else {
            throw .data("cannot read --database '\(path.shown)': \(POSIXFailure.current.message)")
        }
        return header
    }

    /// The first `count` bytes of `path` (fewer when it is shorter), read without following
    /// a link or blocking on a special file; nil when it cannot be read.
    package static func readPrefix(of path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard read >= 0 else { return nil }
        return Array(bytes.prefix(read))
    }

    /// Whether the file's schema is the lab's, object for object. Immutable: SQLite reads the
    /// file alone and creates nothing beside it.
    private func hasLabSchema() throws(LabError) -> Bool {
        // A committed log is part of the database: SQLite applies it when the run opens the
        // file, so its schema is judged with the log applied.
        if let log = try? FileStatus.of(file + "-wal"), log.size > 0 {
            return try withLogApplied { (database) throws(NoteStoreError) in try Self.hasLabSchema(database) }
        }
        return try Self.hasLabSchema(SQLiteConnection.opening(file, immutable: true))
    }

    /// `read` of the database with its committed log applied, on a copy of both in a folder
    /// of the lab's, which leaves the user's files as they are. A copy that SQLite cannot
    /// read is not a SQLite database.
    private func withLogApplied<T>(_ read: (SQLiteConnection) throws(NoteStoreError) -> T) throws(LabError) -> T {
        let scratch = try ScratchFolder.create(named: "lab-schema", for: "reading the database with its log")
        defer { ScratchFolder.remove(scratch) }
        let copy = scratch + "/copy.sqlite"
        do {
            try FileManager.default.copyItem(atPath: file, toPath: copy)
            try FileManager.default.copyItem(atPath: file + "-wal", toPath: copy + "-wal")
        } catch {
            throw .data("cannot read --database '\(path.shown)' with its -wal file: \(error.localizedDescription)")
        }
        do {
            let database = try SQLiteConnection.opening(copy)()
            defer { database.close() }
            return try read(database)
        } catch .notADatabase {
            throw refusal("is not a SQLite database")
        } catch {
            throw LabError(opening: error)
        }
    }

    /// Whether the objects of `database` are exactly the lab's: no table, index, trigger or
    /// view it did not make.
    private static func hasLabSchema(_ opening: () throws(NoteStoreError) -> SQLiteConnection) throws(LabError) -> Bool {
        do {
            let database = try opening()
            defer { database.close() }
            return try hasLabSchema(database)
        } catch {
            throw LabError(opening: error)
        }
    }

    private static func hasLabSchema(_ database: SQLiteConnection) throws(NoteStoreError) -> Bool {
        let reference = try SQLiteConnection(location: .memory(name: "lab-schema-\(UUID().uuidString)"))
        defer { reference.close() }
        try reference.execute(NoteSchema.create)
        return try schema(of: database) == schema(of: reference)
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

    // MARK: Paths

    private static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `path` with every symbolic link resolved, when it exists.
    /// Refuses a file whose full path SQLite cannot open (``SQLiteFiles/longestPath``).
    private static func checkLength(of file: String, for path: String) throws(LabError) {
        let length = file.utf8.count
        guard length > SQLiteFiles.longestPath else { return }
        let resolved = file == path ? "" : " once its links are resolved"
        throw .usage(
            "--database '\(path.shown)' is \(length) bytes long\(resolved), and SQLite opens only files whose full path "
                + "has at most \(SQLiteFiles.longestPath) bytes: give a shorter path"
        )
    }

    /// `path` with its symbolic links and dot segments resolved as the kernel resolves them,
    /// or nil when it cannot be.
    package static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func resolvedFolder(of path: String, argument: String) throws(LabError) -> String {
        let folder = SideFile.folder(of: path)
        guard let resolved = resolved(folder), (try? FileStatus.of(resolved))?.kind == .directory else {
            throw .usage("--database '\(path.shown)': the folder '\(folder.shown)' does not exist")
        }
        return resolved
    }
}

// MARK: - Opening for a look

private extension SQLiteConnection {
    /// A read-only connection to `path`, made when called: `immutable` reads the main file
    /// alone, as SQLite's `immutable=1` does; otherwise the -wal beside it is applied.
    static func opening(_ path: String, immutable: Bool = false) -> () throws(NoteStoreError) -> SQLiteConnection {
        { () throws(NoteStoreError) in try SQLiteConnection(location: .file(path), readOnly: true, immutable: immutable) }
    }
}
