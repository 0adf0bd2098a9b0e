import Bench
import Foundation
import Support
import TestSupport
import Testing

@testable import NoteStore

/// What the lab prints about a path, and how it reads one, checked without running `lab`:
/// a path's control characters escaped, SQLite's errors naming the file, `file:` a path.
@Suite("Paths in messages and arguments")
struct PathTests {
    @Test("Escaping names every control character, a backslash and a direction override")
    func escaping() {
        #expect("a\nb\tc\u{1B}d\u{7F}e\\f\u{202E}g".shown == #"a\nb\tc\ed\u{7F}e\\f\u{202E}g"#)
        #expect("plain/päth".shown == "plain/päth")
    }

    @Test("SQLite's disk I/O error names the file it failed on: the database, or its -shm")
    func ioErrorNamesThePath() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notes.sqlite")
        let connection = try SQLiteConnection(location: .file(path))
        defer { connection.close() }
        // SQLITE_IOERR_SHMSIZE (4874) is the index's; SQLITE_IOERR_WRITE (778) the database's.
        #expect(connection.error(4874, message: "disk I/O error").description.hasPrefix("SQLite error 4874: disk I/O error on '\(path)-shm'"))
        #expect(connection.error(778, message: "disk I/O error").description.hasPrefix("SQLite error 778: disk I/O error on '\(path)'"))
        #expect(connection.error(19, message: "UNIQUE constraint failed") == .constraintViolation("UNIQUE constraint failed"))
    }

    @Test("A 'file:' argument is a path, not a SQLite URI")
    func fileColonIsAPath() throws {
        let location = try BenchDatabase.Location(argument: "file:notes.sqlite?mode=memory")
        let expected = FileManager.default.currentDirectoryPath + "/file:notes.sqlite?mode=memory"
        #expect(location == .file(expected))
    }
}
