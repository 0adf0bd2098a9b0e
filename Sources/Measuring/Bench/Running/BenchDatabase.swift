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
        folder = URL(fileURLWithPath: try ScratchFolder.create(named: "lab-bench-\(getpid())", for: "the databases"))
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
