import Dispatch
import NoteStore
internal import Support
import Synchronization

// MARK: - DatabaseWitness

/// The check's own look at the database: a connection of its own, which no context of the
/// store has, reads what is committed now.
///
/// It never waits for a lock: a look that meets a write still running (the learner's work
/// going on after its call returned) finds that work not done, which it is not. Its reads
/// run on a queue of its own, which the caller awaits: the check never holds a thread of
/// the cooperative pool, whose jobs the `waits` check times.
package final class DatabaseWitness: Sendable {
    /// Opened on the witness's queue at its first look, as every read after it.
    private let connection = LockedValue<SQLiteConnection?>(nil)
    private let location: SQLiteConnection.Location
    private let queue = DispatchQueue(label: "workshop.database-witness")

    /// A look at `container`'s database.
    package init(_ container: NoteContainer) {
        location = container.connectionLocation
    }

    /// A look at `container`'s database, its connection already open: the first look after
    /// a call then reads at once. Opening a connection can take longer than the store's
    /// slowdown (under a sanitizer, on a busy machine), and a first look that slow lets work
    /// a call left running finish before the look, which then finds it done.
    package static func opened(_ container: NoteContainer) async -> DatabaseWitness {
        let witness = DatabaseWitness(container)
        _ = await witness.read { _ in 0 }
        return witness
    }

    /// How many of `notes` the database holds now with every value as given: 0 when the
    /// database is locked by a write.
    package func committed(_ notes: [NoteSnapshot]) async -> Int {
        await read { connection in
            let select = try connection.statement(NoteSchema.selectNote)
            return try notes.reduce(0) { (found, note) throws(NoteStoreError) in
                let row = try select.bind(note.id.rawValue, at: 1).firstRow { row in
                    NoteSnapshot(
                        id: note.id, folder: FolderID(row.int64(0)), title: row.string(1), body: row.string(2),
                        created: .init(timeIntervalSince1970: row.double(3)),
                        modified: .init(timeIntervalSince1970: row.double(4))
                    )
                }
                return found + (row == note ? 1 : 0)
            }
        }
    }

    /// How many notes titled one of `titles` the database holds now: 0 when it is locked.
    package func committed(titled titles: [String]) async -> Int {
        await read { connection in
            let select = try connection.statement("SELECT count(*) FROM note WHERE title = ?1")
            return try titles.reduce(0) { (found, title) throws(NoteStoreError) in
                found + (try select.bind(title, at: 1).firstRow { Int($0.int64(0)) } ?? 0)
            }
        }
    }

    /// Runs `body` with the connection on the witness's queue: 0 when it throws, or when the
    /// connection cannot be opened.
    private func read(_ body: @escaping @Sendable (SQLiteConnection) throws -> Int) async -> Int {
        await withCheckedContinuation { continuation in
            queue.async {
                let found = self.connection.withLock { connection in
                    if connection == nil {
                        connection = try? SQLiteConnection(location: self.location, readOnly: true, busyTimeoutMilliseconds: 0)
                    }
                    return connection.flatMap { try? body($0) } ?? 0
                }
                continuation.resume(returning: found)
            }
        }
    }
}
