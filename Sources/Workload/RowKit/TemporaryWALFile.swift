import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - TemporaryWALFile

/// A database file a row makes for itself when it is asked for memory and its pattern
/// needs WAL, which an in-memory SQLite database cannot have: one writer and readers on
/// their own connections share a database only through a file.
///
/// The row opens the file as it would a `--database` file and removes it, with what
/// SQLite keeps beside it, when it closes, or when opening fails.
package struct TemporaryWALFile: Sendable, Equatable {
    /// A new name in the system's temporary folder: `lab-<row>-<UUID>.sqlite`.
    package let path: String

    package init(row: String) {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("lab-\(row)-\(UUID().uuidString).sqlite").path
    }

    /// Removes the file and its companions; what is already gone is not an error.
    package func remove() {
        SQLiteFiles.remove(databaseAt: path)
    }
}

extension TemporaryWALFile {
    /// A container on `configuration`'s database, or, when that is memory, on a temporary
    /// WAL file of the row's own, which it returns for the row to remove when it closes.
    /// - Throws: What opening the container throws; the temporary file is removed first.
    package static func container(
        for configuration: RepositoryConfiguration, row: String
    ) throws(NoteStoreError) -> (container: NoteContainer, temporary: TemporaryWALFile?) {
        guard configuration.location == .inMemory else { return (try configuration.makeContainer(), nil) }
        let file = TemporaryWALFile(row: row)
        var onFile = configuration
        onFile.location = .file(file.path)
        do {
            return (try onFile.makeContainer(), file)
        } catch {
            file.remove()
            throw error
        }
    }
}

// MARK: - SQLiteFiles

/// The files of one SQLite database: the database and what SQLite keeps beside it.
package enum SQLiteFiles {
    /// What SQLite may keep beside a database, each named `<database><suffix>`: the
    /// write-ahead log, its shared-memory index, and a rollback journal.
    package static let companions = ["-wal", "-shm", "-journal"]

    /// The longest full path, in bytes, that SQLite opens on Unix: its `MAX_PATHNAME` is
    /// 512 (os_unix.c), and a full path must be shorter. A longer one fails with "unable to
    /// open database file", after SQLite resolves it (the current folder prefixed, links
    /// followed).
    package static let longestPath = 511

    /// Removes a database file and its companions; what is already gone is not an error.
    package static func remove(databaseAt path: String) {
        for suffix in [""] + companions { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
