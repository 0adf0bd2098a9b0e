import RowKit
import Support
import Bench
import Foundation
import NoteStore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files SQLite keeps beside a database (`-wal`, `-shm`, `-journal`) are checked before
/// SQLite opens the path: one the lab did not make refuses the run, beside a missing, an
/// empty or a lab database, and every byte in the folder stays as it was. A claim of a new
/// file is all or nothing.
@Suite("lab bench --database: the files beside it")
struct CompanionFileTests {
    /// What is beside the database.
    struct Case: CustomTestStringConvertible, Sendable {
        enum Database: String, Sendable { case missing, empty, lab }
        enum Content: String, Sendable { case bytes, emptyFile, link, fifo, walOfTheRightShape }

        var database: Database
        var suffix: String
        var content: Content
        /// The end of the line after `--database 'PATH' `.
        var message: String

        var testDescription: String { "\(content.rawValue) as \(suffix) beside a \(database.rawValue) database" }
    }

    static let move = "left untouched: move '{path}{suffix}' away, or give another path"

    static let cases: [Case] = [
        Case(database: .missing, suffix: "-wal", content: .bytes, message: "does not exist, but its -wal file does; \(move)"),
        Case(database: .missing, suffix: "-wal", content: .walOfTheRightShape, message: "does not exist, but its -wal file does; \(move)"),
        Case(database: .missing, suffix: "-journal", content: .bytes, message: "does not exist, but its -journal file does; \(move)"),
        Case(database: .missing, suffix: "-shm", content: .emptyFile, message: "does not exist, but its -shm file does; \(move)"),
        Case(database: .missing, suffix: "-wal", content: .link, message: "has a symbolic link beside it as its -wal file; \(move)"),
        Case(database: .missing, suffix: "-journal", content: .fifo, message: "has a FIFO beside it as its -journal file; \(move)"),
        Case(database: .empty, suffix: "-journal", content: .bytes, message: "is empty, but its -journal file exists; \(move)"),
        Case(database: .empty, suffix: "-wal", content: .emptyFile, message: "is empty, but its -wal file exists; \(move)"),
        Case(database: .empty, suffix: "-shm", content: .bytes, message: "is empty, but its -shm file exists; \(move)"),
        Case(database: .lab, suffix: "-journal", content: .bytes, message:
            "has a hot journal beside it, an unfinished transaction in rollback mode that SQLite would roll back into it (the lab's databases use WAL); \(move)"),
        Case(database: .lab, suffix: "-wal", content: .bytes, message: "has a -wal file beside it that is not this database's SQLite log; \(move)"),
        Case(database: .lab, suffix: "-shm", content: .bytes, message: "has a -shm file beside it that is not this database's SQLite index; \(move)"),
        Case(database: .lab, suffix: "-wal", content: .link, message: "has a symbolic link beside it as its -wal file; \(move)"),
    ]

    @Test("A file beside the database that the lab did not make exits 65 with one line naming it, and no byte changes",
          arguments: cases)
    func refusesForeignCompanion(_ test: Case) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notes.sqlite")
        switch test.database {
        case .missing: break
        case .empty: #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        case .lab: #expect(try await LabExecutable.run(DatabaseFileTests.smallRun(on: path)).exitStatus == 0)
        }
        let companion = path + test.suffix
        switch test.content {
        case .bytes: try Data("another program's data\n".utf8).write(to: URL(fileURLWithPath: companion))
        case .emptyFile: #expect(FileManager.default.createFile(atPath: companion, contents: Data()))
        case .link:
            try Data("the link's target\n".utf8).write(to: URL(fileURLWithPath: folder.path("target")))
            try FileManager.default.createSymbolicLink(atPath: companion, withDestinationPath: "target")
        case .fifo: #expect(mkfifo(companion, 0o600) == 0)
        case .walOfTheRightShape: try Self.validLog(at: companion)
        }
        let before = try DatabaseFileTests.contents(of: folder)

        let result = try await LabExecutable.run(DatabaseFileTests.smallRun(on: path))

        #expect(result.exitStatus == 65)
        let message = test.message.replacingOccurrences(of: "{path}", with: path).replacingOccurrences(of: "{suffix}", with: test.suffix)
        #expect(result.output == "lab: --database '\(path)' \(message)\n")
        #expect(try DatabaseFileTests.contents(of: folder) == before, "every byte, and no file made or removed")
    }

    @Test("A lab database's own log, left by a killed run, is taken up by the next run")
    func keepsItsOwnLog() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notes.sqlite")
        #expect(try await LabExecutable.run(DatabaseFileTests.smallRun(on: path)).exitStatus == 0)
        // A connection left open, as a killed run leaves it: a valid -wal and -shm beside it.
        let connection = try SQLiteConnection(location: .file(path))
        defer { connection.close() }
        try connection.execute("INSERT INTO folder (id, name) VALUES (99, 'left by a killed run')")
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(FileManager.default.fileExists(atPath: path + "-shm"))

        let result = try await LabExecutable.run(DatabaseFileTests.smallRun(on: path))

        #expect(result.exitStatus == 0, "\(result.output)")
    }

    @Test("A refusal at the schema stage leaves no -wal or -shm beside a database in WAL mode")
    func schemaRefusalLeavesNoLog() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("theirs.sqlite")
        let connection = try SQLiteConnection(location: .file(path))
        try connection.execute(DatabaseFileTests.Foreign.labTablesWithOwner + """
            PRAGMA application_id = \(LabDatabaseFile.applicationID);
            PRAGMA user_version = \(LabDatabaseFile.schemaVersion);
            """)
        connection.close()
        let before = try DatabaseFileTests.contents(of: folder)
        #expect(before.keys.sorted() == ["theirs.sqlite"], "a WAL database, its log checkpointed and removed")

        let result = try await LabExecutable.run(DatabaseFileTests.smallRun(on: path))

        #expect(result.exitStatus == 65)
        #expect(result.output == "lab: --database '\(path)' has the lab's mark but not its schema; \(DatabaseFileTests.rule)\n")
        #expect(try DatabaseFileTests.contents(of: folder) == before, "no -wal, no -shm")
    }

    /// A sanitizer's runtime writes files of its own, which a 512-byte limit stops first.
    static let underSanitizer = ["TSAN_OPTIONS", "ASAN_OPTIONS"].contains { ProcessInfo.processInfo.environment[$0] != nil }

    @Test("A claim that fails part way (a file-size limit) removes what it made and nothing else",
          .enabled(if: !underSanitizer), arguments: [Case.Database.missing, .empty])
    func failedClaimRemovesOnlyItsOwn(_ database: Case.Database) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notes.sqlite")
        if database == .empty { #expect(FileManager.default.createFile(atPath: path, contents: Data())) }
        let identity = try FileStatus.of(path)?.identity
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: folder.path("other.txt")))
        let before = try DatabaseFileTests.contents(of: folder)

        // 512 bytes a file: SQLite's first page does not fit.
        let result = try await LabExecutable.runAsGiven(
            DatabaseFileTests.smallRun(on: path), shell: #"ulimit -f 1; exec "$0" "$@""#
        )

        #expect(result.exitStatus == 65)
        #expect(result.output == "lab: cannot create --database '\(path)': disk I/O error; nothing was left behind\n")
        #expect(try DatabaseFileTests.contents(of: folder) == before)
        #expect(try FileStatus.of(path)?.identity == identity, "the empty file is the same file")
        // Nothing of the failed claim stops the next run.
        #expect(try await LabExecutable.run(DatabaseFileTests.smallRun(on: path)).exitStatus == 0)
    }

    @Test("A name of 250 bytes is a valid database and report: nothing the lab makes beside it is too long")
    func longNames() async throws {
        let folder = try TemporaryFolder()
        let database = String(repeating: "d", count: 243) + ".sqlite"
        let report = String(repeating: "r", count: 245) + ".json"
        #expect(database.utf8.count == 250 && report.utf8.count == 250)
        let result = try await LabExecutable.runAsGiven(DatabaseFileTests.smallRun(on: folder.path(database)) + ["--output", folder.path(report)])
        #expect(result.exitStatus == 0, "\(result.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [database, report])
    }

    @Test("A database name too long for SQLite's -wal beside it exits 64 with one line, before anything is made")
    func nameTooLongForItsLog() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path(String(repeating: "d", count: 245) + ".sqlite")
        let result = try await LabExecutable.run(DatabaseFileTests.smallRun(on: path))
        #expect(result.exitStatus == 64)
        #expect(result.output == "lab: --database '\(path)': its name is 252 bytes, and SQLite keeps a file named after it plus '-wal' beside it: give a name of at most 251 bytes\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
    }

    // MARK: Helpers

    /// A write-ahead log header SQLite would take (magic, version, 4096-byte pages, checksum)
    /// and no frame.
    static func validLog(at path: String) throws {
        var header = [UInt8](repeating: 0, count: 32)
        func put(_ value: UInt32, at offset: Int) {
            for index in 0..<4 { header[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
        }
        put(0x377F_0683, at: 0)
        put(3_007_000, at: 4)
        put(4096, at: 8)
        put(7, at: 16)
        put(11, at: 20)
        var sum0: UInt32 = 0
        var sum1: UInt32 = 0
        let word = { (offset: Int) in header[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
        for offset in stride(from: 0, to: 24, by: 8) {
            sum0 = sum0 &+ word(offset) &+ sum1
            sum1 = sum1 &+ word(offset + 4) &+ sum0
        }
        put(sum0, at: 24)
        put(sum1, at: 28)
        try Data(header).write(to: URL(fileURLWithPath: path))
        #expect(LabDatabaseFile.isLog(path, pageSize: 4096), "the helper writes a valid header")
    }
}
