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

/// `lab bench --database FILE` writes only to a new or empty file or to a database the lab
/// made; everything else is refused before SQLite touches it and stays byte-identical.
@Suite("lab bench --database")
struct DatabaseFileTests {
    /// Files that are not the lab's, each with the words of its refusal.
    enum Foreign: String, CaseIterable, CustomTestStringConvertible {
        case folderOfAnotherShape, labTablesWithExtraColumn, anyOtherDatabase, notSQLite, labMarkOtherSchema, emptyWithLog

        var testDescription: String { rawValue }

        var refusal: String {
            switch self {
            case .folderOfAnotherShape, .labTablesWithExtraColumn, .anyOtherDatabase:
                "is a SQLite database the lab did not make (application_id 0)"
            case .notSQLite: "is not a SQLite database"
            case .labMarkOtherSchema: "has the lab's mark but not its schema"
            case .emptyWithLog: "is empty but its -wal file is not"
            }
        }

        /// Writes the file (and only it, unless the shape is a log beside an empty file).
        func write(to path: String) throws {
            switch self {
            case .folderOfAnotherShape:
                try Self.database(at: path, """
                    CREATE TABLE folder (key TEXT PRIMARY KEY, size INTEGER);
                    INSERT INTO folder VALUES ('photos', 12), ('music', 7);
                    """)
            case .labTablesWithExtraColumn:
                try Self.database(at: path, Self.labTablesWithOwner)
            case .anyOtherDatabase:
                try Self.database(at: path, "CREATE TABLE invoice (number INTEGER); INSERT INTO invoice VALUES (1), (2);")
            case .notSQLite:
                try Data(repeating: 0x42, count: 4096).write(to: URL(fileURLWithPath: path))
            case .labMarkOtherSchema:
                try Self.database(at: path, Self.labTablesWithOwner + """
                    PRAGMA application_id = \(LabDatabaseFile.applicationID);
                    PRAGMA user_version = \(LabDatabaseFile.schemaVersion);
                    """)
            case .emptyWithLog:
                try Data().write(to: URL(fileURLWithPath: path))
                try Data(repeating: 0x37, count: 4096).write(to: URL(fileURLWithPath: path + "-wal"))
            }
        }

        /// The lab's two tables with one more NOT NULL column, and rows in them.
        static let labTablesWithOwner = """
            CREATE TABLE folder (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, owner TEXT NOT NULL);
            CREATE TABLE note (
                id INTEGER PRIMARY KEY, folder_id INTEGER NOT NULL REFERENCES folder(id), title TEXT NOT NULL,
                body TEXT NOT NULL, created REAL NOT NULL, modified REAL NOT NULL, owner TEXT NOT NULL
            );
            INSERT INTO folder VALUES (1, 'Inbox', 'ana');
            INSERT INTO note VALUES (1, 1, 'Keep me', 'not the lab''s', 0, 0, 'ana');
            """

        /// A database in the rollback-journal mode most programs use, so that a switch to
        /// WAL would change its header.
        static func database(at path: String, _ sql: String) throws {
            let connection = try SQLiteConnection(location: .file(path))
            try connection.execute(sql)
            try connection.execute("PRAGMA journal_mode=DELETE")
            connection.close()
        }
    }

    @Test("A file that is not the lab's exits 65 with one line and stays byte-identical, with no file beside it", arguments: Foreign.allCases)
    func refusesForeignFile(_ foreign: Foreign) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("theirs.sqlite")
        try foreign.write(to: path)
        let before = try Self.contents(of: folder)

        let result = try await LabExecutable.run(Self.smallRun(on: path))

        #expect(result.exitStatus == 65)
        #expect(result.output == "lab: --database '\(path)' \(foreign.refusal); \(Self.rule)\n")
        #expect(try Self.contents(of: folder) == before, "every byte and no -wal, -shm, -journal or lock file")
    }

    @Test("A path that is not a regular file exits 64 before SQLite opens it", arguments: ["null", "fifo"])
    func refusesSpecialFile(_ kind: String) async throws {
        let folder = try TemporaryFolder()
        let path = kind == "null" ? "/dev/null" : folder.path("pipe")
        if kind == "fifo" { #expect(mkfifo(path, 0o600) == 0) }

        let result = try await LabExecutable.run(Self.smallRun(on: path))

        #expect(result.exitStatus == 64)
        let what = kind == "null" ? "a character device" : "a FIFO"
        #expect(result.output == "lab: --database '\(path)' is \(what), not a file; give a SQLite file path or 'memory'\n")
        #expect(try FileStatus.of(path)?.kind == (kind == "null" ? .characterDevice : .fifo))
    }

    @Test("A lab database whose committed -wal adds a table of the user's, a trigger or a cascade is refused, and nothing of the user's changes",
          arguments: [
            "CREATE TABLE mine (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO mine VALUES (1, 'keep me');",
            "CREATE TABLE mine (id INTEGER); INSERT INTO mine VALUES (1); CREATE TRIGGER gone AFTER DELETE ON note BEGIN DELETE FROM mine; END;",
            "CREATE TABLE mine (note_id INTEGER REFERENCES note(id) ON DELETE CASCADE); INSERT INTO mine VALUES (1);",
          ])
    func schemaInTheLog(_ sql: String) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("lab.sqlite")
        #expect(try await LabExecutable.run(Self.smallRun(on: path)).exitStatus == 0)
        // A program that committed to the log and stopped before a checkpoint: the files as
        // they are while its connection is still open.
        let crashed = folder.path("crashed.sqlite")
        let connection = try SQLiteConnection(location: .file(path))
        try connection.execute("PRAGMA wal_autocheckpoint=0")
        try connection.execute(sql)
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: crashed + suffix) }
        connection.close()
        let before = try Self.contents(of: folder)
        let result = try await LabExecutable.runAsGiven(Self.smallRun(on: crashed))
        #expect(result.exitStatus == 65, "\(result.output)")
        #expect(result.output.contains("has the lab's mark but not its schema"), "\(result.output)")
        #expect(try Self.contents(of: folder) == before)
    }

    @Test("A lab database stopped before its first checkpoint, its mark in the committed -wal alone, is the lab's: the run reuses it")
    func markInTheLog() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("building.sqlite")
        // The lab's build, stopped after its commit and before its checkpoint: the files as
        // they are while the connection is still open. The main file holds the first page
        // that the switch to WAL wrote, with no mark yet.
        let connection = try SQLiteConnection(location: .file(path))
        try connection.execute("PRAGMA wal_autocheckpoint=0")
        try connection.transaction { () throws(NoteStoreError) in
            try connection.execute(NoteSchema.create)
            try connection.execute(
                "PRAGMA application_id = \(LabDatabaseFile.applicationID); PRAGMA user_version = \(LabDatabaseFile.schemaVersion)"
            )
        }
        let crashed = folder.path("lab.sqlite")
        for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: crashed + suffix) }
        connection.close()
        let header = try Data(contentsOf: URL(fileURLWithPath: crashed)).prefix(100)
        #expect(header[68..<72].elementsEqual([0, 0, 0, 0]), "the main file's header has no mark")
        let result = try await LabExecutable.runAsGiven(Self.smallRun(on: crashed))
        #expect(result.exitStatus == 0, "\(result.output)")
    }

    @Test("A companion that is a hard link to a user's file is not the lab's: refused, and the user's file keeps its bytes",
          arguments: ["-shm", "-wal"])
    func hardLinkedCompanion(_ suffix: String) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("lab.sqlite")
        #expect(try await LabExecutable.run(Self.smallRun(on: path)).exitStatus == 0)
        let users = folder.path("zeros.bin")
        try Data(repeating: 0, count: 32_768).write(to: URL(fileURLWithPath: users))
        try? FileManager.default.removeItem(atPath: path + suffix)
        guard link(users, path + suffix) == 0 else { throw POSIXFailure.current }
        let result = try await LabExecutable.runAsGiven(Self.smallRun(on: path))
        #expect(result.exitStatus == 65, "\(result.output)")
        #expect(result.output.contains("more than one name"), "\(result.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: users)) == Data(repeating: 0, count: 32_768))
    }

    @Test("A run on a new file marks it as the lab's; the next run reuses it")
    func marksAndReusesItsOwnDatabase() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("lab.sqlite")
        #expect(try await LabExecutable.run(Self.smallRun(on: path)).exitStatus == 0)
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(100)
        #expect(header[68..<72].elementsEqual([0x4C, 0x61, 0x62, 0x4E]), "application_id is 'LabN'")
        #expect(header[60..<64].elementsEqual([0, 0, 0, 1]), "user_version is the schema version")

        let again = try await LabExecutable.run(Self.smallRun(on: path))
        #expect(again.exitStatus == 0, "\(again.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["lab.sqlite"], "no lock file left")
    }

    @Test("A second run on a database in use, under any of its names, exits 65 naming the first and changes no byte",
          arguments: ["the path", "a hard link", "a symbolic link"])
    func refusesDatabaseInUse(_ name: String) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("lab.sqlite")
        #expect(try await LabExecutable.run(Self.smallRun(on: path)).exitStatus == 0)
        let argument = switch name {
        case "a hard link": folder.path("hard.sqlite")
        case "a symbolic link": folder.path("soft.sqlite")
        default: path
        }
        if name == "a hard link" { #expect(link(path, argument) == 0) }
        if name == "a symbolic link" { try FileManager.default.createSymbolicLink(atPath: argument, withDestinationPath: "lab.sqlite") }
        // This process holds the file's lock, as a run does.
        let lock = try DatabaseLock(for: path)
        defer { lock.release() }
        let before = try Self.contents(of: folder)

        let result = try await LabExecutable.run(Self.smallRun(on: argument))

        #expect(result.exitStatus == 65)
        #expect(result.output == "lab: --database '\(argument)' is in use by another lab bench run (process \(getpid())); run one at a time\n")
        #expect(try Self.contents(of: folder) == before, "every byte, and no file made beside it")
    }

    // No lock file sits beside a database any more: what a user keeps at the name the
    // first round's lock used is left alone.
    @Test("What sits at the name of the first round's lock file is left as it was", arguments: ["link", "fifo", "file"])
    func oldLockNameIsLeftAlone(_ kind: String) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("lab.sqlite")
        let lock = path + ".lab-lock"
        try Data("the user's\n".utf8).write(to: URL(fileURLWithPath: folder.path("target")))
        switch kind {
        case "link": try FileManager.default.createSymbolicLink(atPath: lock, withDestinationPath: "target")
        case "fifo": #expect(mkfifo(lock, 0o600) == 0)
        default: try Data("the user's lock\n".utf8).write(to: URL(fileURLWithPath: lock))
        }
        let before = try Self.contents(of: folder)

        let result = try await LabExecutable.run(Self.smallRun(on: path))

        #expect(result.exitStatus == 0, "\(result.output)")
        var after = try Self.contents(of: folder)
        #expect(after.removeValue(forKey: "lab.sqlite") != nil)
        #expect(after == before, "the link, its target, the FIFO or the file: every byte")
    }

    // MARK: Helpers

    static let rule = "left untouched: the lab only writes to a new or empty file or to a database it made"

    static func smallRun(on path: String) -> [String] {
        [
            "bench", "--database", path, "--scenario", "update", "--pattern", "raw-sqlite",
            "--operations", "5", "--runs", "1", "--no-meters", "--no-progress",
        ]
    }

    /// Every file of `folder` with its bytes.
    static func contents(of folder: TemporaryFolder) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.url.path) {
            let path = folder.url.appendingPathComponent(name).path
            switch try FileStatus.of(path, followingLinks: false)?.kind {
            case .regular?: files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            case .symbolicLink?: files[name] = Data(("link to " + (try FileManager.default.destinationOfSymbolicLink(atPath: path))).utf8)
            case let kind?: files[name] = Data("\(kind)".utf8)
            case nil: break
            }
        }
        return files
    }
}
