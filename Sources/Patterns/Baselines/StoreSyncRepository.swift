// Baseline: the lab's store called synchronously, one client at a time, through
// `performAndWait`. On an idle serial queue, Dispatch runs a `sync` block on the calling
// thread, so no thread wakes up and no executor changes: what is left is the store's own
// work (objects, the identity map, the SQL). The patterns built on the store are this row
// plus their hops and queue jobs, which is how the cost model reads them.

import NoteStore
import Workload
import RowKit

public final class StoreSyncRepository: PerformAndWaitRepository {
    // `NoteContext` is not Sendable; this class is, because it touches the context only in
    // `performAndWait`, on the context's queue. The compiler cannot see that.
    private nonisolated(unsafe) let context: NoteContext
    /// The sync scenario's reader merges this container's saves.
    public let storeContainer: NoteContainer?

    public init(container: NoteContainer) throws {
        context = try container.newContext(name: "store-sync")
        storeContainer = container
    }

    // The calls are `PerformAndWaitRepository`'s: each is one of these, in place.
    public func performAndWait<T, E: Error>(_ body: (NoteContext) throws(E) -> T) throws(E) -> T {
        try context.performAndWait { () throws(E) -> T in try body(context) }
    }
}

extension RowDescriptor {
    /// `store-sync`: the store's own cost, the base the cost model adds the patterns' hops
    /// and queue jobs to.
    public static let storeSync = RowDescriptor(
        id: .storeSync, kind: .baseline,
        summary: """
            the lab's store through `performAndWait`, one client at a time: the store's own \
            cost, the base the cost model adds each pattern's hops and wake-ups to
            """,
        lessons: [1], clients: .sequential,
        expectedHops: .perCall(0, because: "performAndWait blocks the caller; the block runs on the caller's thread"),
        waitsForTheQueue: true,
        costModel: .base
    ) { configuration in
        try StoreSyncRepository(container: configuration.makeContainer())
    }
}
