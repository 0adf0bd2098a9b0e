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

    /// What SQLite may keep beside a database, each named `<database><suffix>`.
    package static let companions = ["-wal", "-shm", "-journal"]

    /// Removes the file and its companions; what is already gone is not an error.
    package func remove() {
        for suffix in [""] + Self.companions { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
