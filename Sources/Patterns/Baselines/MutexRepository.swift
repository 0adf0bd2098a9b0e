// Baseline: the same SQL on one connection behind `Synchronization.Mutex`. Clients run
// concurrently and block each other for the length of a statement: no actor hop, no
// queue, no thread wake-up, and no suspension either (a blocked client holds its thread).

import NoteStore
import Synchronization
import Workload
import RowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public final class MutexRepository: SQLNotesRepository {
    private let notes: Mutex<SQLNotes>

    public init(location: NoteContainer.Location) throws {
        notes = Mutex(try SQLNotes(location: location))
    }

    // snippet: mutex
    func withNotes<T: Sendable>(_ body: @Sendable (SQLNotes) throws -> T) rethrows -> T {
        try notes.withLock { try body($0) }
    }
    // snippet: end
}

extension RowDescriptor {
    /// `mutex`: a lock instead of an actor; blocking, with no hops.
    public static let mutex = RowDescriptor(
        id: .mutex, kind: .baseline,
        summary: "the same SQL on one connection behind `Synchronization.Mutex`: no hops, blocking",
        lessons: [1],
        expectedHops: .perCall(0, because: "a lock, not an actor: the call never changes executor").listScreen(
            2, because: "off the main actor: the method is nonisolated async, so it runs on the global pool",
            "back to the main actor"
        ),
        costModel: .predicted(base: .rawSQLite)
    ) { configuration in
        try MutexRepository(location: configuration.location)
    }
}
