import RowKit
import Support
import Foundation
import NoteStore
import Workload

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - BenchDatabase

/// Gives every measured run a fresh, empty database, and cleans up after it.
package struct BenchDatabase: Sendable {
    /// Where `lab bench` keeps its databases.
    package enum Location: Sendable, Equatable, Codable {
        /// A new file per run in a temporary folder, removed afterwards (the default).
        case temporaryFiles
        /// A new in-memory database per run.
        case memory
        /// One file the user named (an absolute path), new, empty or a lab database, emptied
        /// of notes and folders before each run.
        case file(String)

        /// Parses `--database`, checking a named file before anything runs. (The counting
        /// pass's child gets the location its parent checked, claimed and holds, in its
        /// request.)
        package init(argument: String?) throws(LabError) {
            switch argument {
            case nil: self = .temporaryFiles
            case "memory": self = .memory
            case let path?:
                guard !path.isEmpty else { throw .usage("--database needs a file path or 'memory'") }
                self = .file(try LabDatabaseFile(checking: path).file)
            }
        }

        var description: String {
            switch self {
            case .temporaryFiles: "a temporary SQLite file per run (WAL, synchronous=NORMAL)"
            case .memory: "an in-memory SQLite database per run"
            case .file(let path): "the SQLite file \(path), its notes and folders emptied before each run"
            }
        }
    }

    package let location: Location
    private let folder: URL

    package init(location: Location) throws(LabError) {
        self.location = location
        guard location == .temporaryFiles else {
            folder = URL(fileURLWithPath: "/")
            return
        }
        let made = try ScratchFolder.create(named: "lab-bench-\(getpid())", for: "the databases")
        do {
            try Self.checkDepth(of: made, below: 0)
        } catch {
            ScratchFolder.remove(made)
            throw error
        }
        folder = URL(fileURLWithPath: made)
    }

    /// Refuses, before anything runs, a `TMPDIR` so deep that SQLite could not open the
    /// runs' databases in it: each row would fail, and only once the whole run had ended.
    /// The deepest is a run's database in the counting pass's child's folder, in the
    /// counting pass's folder.
    package static func checkTemporaryDirectory() throws(LabError) {
        try checkDepth(of: ScratchFolder.directory, below: deepestNesting)
    }

    /// Room for the name of a run's database in its folder: a row's name, its run, and
    /// `.sqlite` (the longest row's name is under 40 bytes).
    static let longestFileName = 64

    /// The folders the counting pass nests in `TMPDIR`: `/lab-counting-<pid>-XXXXXX` and
    /// `/lab-bench-<pid>-XXXXXX`, a process number having at most 7 digits.
    static let deepestNesting = 28 + 25

    /// Whether a database in `folder`, `nesting` bytes of folders below it, has a full path
    /// SQLite opens, once `folder`'s links are resolved, as SQLite resolves them.
    private static func checkDepth(of folder: String, below nesting: Int) throws(LabError) {
        let length = (LabDatabaseFile.resolved(folder) ?? folder).utf8.count + nesting + 1 + longestFileName
        guard length > SQLiteFiles.longestPath else { return }
        throw .data(
            "TMPDIR '\(ScratchFolder.directory.shown)' is too deep: the run's databases in it would have full paths of up "
                + "to \(length) bytes, and SQLite opens only paths of at most \(SQLiteFiles.longestPath) bytes; set TMPDIR to "
                + "a shorter folder's path"
        )
    }


    /// A fresh database for one run of `row`.
    package func fresh(for row: String, run: Int) throws -> NoteContainer.Location {
        switch location {
        case .memory:
            return .inMemory
        case .temporaryFiles:
            return .file(folder.appendingPathComponent("\(row)-\(run).sqlite").path)
        case .file(let path):
            try LabDatabaseFile.empty(path)
            return .file(path)
        }
    }

    /// The failure that ends the whole run, rather than its row, when a row's `error` is
    /// SQLite's own: a full disk, an I/O error or a damaged file fail every row that comes
    /// after, so the run stops at the first with a line that says what happened and where,
    /// and exits 74 (the disk) or 65 (the file). Nil for a row's own failure.
    package func stoppingFailure(_ error: any Error) -> LabError? {
        // A stop already says it.
        guard !(error is LabError), let code = Self.sqliteCode(of: error) else { return nil }
        let place = switch location {
        case .file(let path): "--database '\(path.shown)'"
        case .temporaryFiles: "the run's temporary database in '\(folder.path.shown)'"
        case .memory: "the run's in-memory database"
        }
        switch code & 0xFF {
        case 13:
            return .io(
                "the disk is full: SQLite could not write \(place) (\(error)); free some space, or put the database on "
                    + "another disk (--database, or TMPDIR for the temporary ones)"
            )
        case 10:
            return .io("SQLite could not read or write \(place) (\(error)): the disk or the file system failed it")
        case 11, 26:
            let advice = if case .file = location {
                "it is the lab's own file, made by an earlier run: remove it, with its -wal and -shm, and run again to make a new one"
            } else {
                "the lab made it during this run: the disk under it may be failing"
            }
            return .data("\(place) is damaged: SQLite found a page it cannot read (\(error)); \(advice)")
        default:
            return nil
        }
    }

    /// SQLite's result code in `error`: the store's own error carries it, and an error of
    /// another library (GRDB's) says it as "SQLite error N".
    private static func sqliteCode(of error: any Error) -> Int32? {
        if case .sqlite(let code, _)? = error as? NoteStoreError { return code }
        let text = "\(error)"
        guard let range = text.range(of: "SQLite error ") else { return nil }
        return Int32(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// Removes a run's database file and its companions.
    package func discard(_ database: NoteContainer.Location) {
        guard location == .temporaryFiles, case .file(let path) = database else { return }
        SQLiteFiles.remove(databaseAt: path)
    }

    /// Removes the temporary folder.
    package func removeAll() {
        guard location == .temporaryFiles else { return }
        ScratchFolder.remove(folder.path)
    }
}
