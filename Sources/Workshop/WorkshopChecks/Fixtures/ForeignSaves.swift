import NoteStore
internal import Support
import Synchronization
import Workload

// MARK: - ForeignSaves

/// Saves of another context, committed by the check between two jobs of the store's
/// queues, at positions the seed chooses: what a real app's other contexts (a sync, a
/// widget, a second window) do while the learner's code runs.
///
/// Each save edits every note of `notes` as the exercise's edits do: its body becomes
/// "edited" and its identifier, its modification date one second later. Code that reads a
/// note in one job and writes it from what it read in a later one loses the saves that
/// came in between; code that reads and writes in one job keeps them.
package final class ForeignSaves: Sendable {
    /// Opened by the first save, on a queue's thread before its job: never on the pool.
    private let connection = LockedValue<SQLiteConnection?>(nil)
    private let location: SQLiteConnection.Location
    private let update: String
    private let seed: UInt64
    private let jobs = Atomic<UInt64>(0)
    private let saves = Atomic<Int>(0)

    /// Saves on `container`'s database, at about one job in `spacing`.
    package init(_ container: NoteContainer, editing notes: [NoteID], seed: UInt64, spacing: UInt64 = 12) {
        location = container.connectionLocation
        let ids = notes.map { String($0.rawValue) }.joined(separator: ", ")
        update = "UPDATE note SET body = 'edited ' || id, modified = modified + 1 WHERE id IN (\(ids))"
        self.seed = seed
        self.spacing = spacing
    }

    private let spacing: UInt64

    /// The saves committed so far.
    package var committed: Int { saves.load(ordering: .relaxed) }

    /// Starts saving between jobs, until ``stop()``.
    package func start() {
        ContextQueue.beforeEveryJob { [self] in
            let job = jobs.add(1, ordering: .relaxed).newValue
            var random = SplitMix64(seed: seed &+ job &* 0x9E37_79B9_7F4A_7C15)
            guard random.next() % spacing == 0 else { return }
            let saved = connection.withLock { connection in
                if connection == nil { connection = try? SQLiteConnection(location: location) }
                return (try? connection?.execute(update)) != nil
            }
            if saved { saves.add(1, ordering: .relaxed) }
        }
    }

    /// Stops saving; a save that started goes to its end first.
    package func stop() {
        ContextQueue.beforeEveryJob(nil)
    }
}
