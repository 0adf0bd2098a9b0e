// Baseline: the same SQL, called synchronously on one connection, with no store layer
// and no concurrency layer. No row can beat it: it is the database's own speed, and the
// table compares every other row with it.

import NoteStore
import Synchronization
import Workload
import RowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public final class RawSQLiteRepository: SQLNotesRepository {
    // One connection, used by one client at a time: the row declares
    // `clients: .sequential`, so the runner never overlaps two calls. The in-use flag
    // turns any overlap into an immediate trap instead of a data race.
    private nonisolated(unsafe) let notes: SQLNotes
    private let inUse = Atomic<Bool>(false)

    public init(location: NoteContainer.Location) throws {
        notes = try SQLNotes(location: location)
    }

    // snippet: one-connection
    func withNotes<T: Sendable>(_ body: @Sendable (SQLNotes) throws -> T) rethrows -> T {
        let (exchanged, _) = inUse.compareExchange(expected: false, desired: true, ordering: .acquiring)
        precondition(exchanged, "raw-sqlite is single-threaded by definition: two calls overlapped")
        defer { inUse.store(false, ordering: .releasing) }
        return try body(notes)
    }
    // snippet: end
}

extension RowDescriptor {
    /// `raw-sqlite`: the SQL alone, the limit every other row is measured against.
    public static let rawSQLite = RowDescriptor(
        id: .rawSQLite, kind: .baseline,
        summary: "the same SQL, called synchronously on one connection, no layer: the limit",
        lessons: [], clients: .sequential,
        expectedHops: .perCall(0, because: "plain synchronous calls; the async wrapper stays on the caller's executor"),
        costModel: .base
    ) { configuration in
        try RawSQLiteRepository(location: configuration.location)
    }
}
