// Row `concurrent`: the helper layer with `@concurrent` helpers.
//
// `@concurrent` sends a `nonisolated async` function to the global pool whatever its
// caller's isolation, as every such function did before Swift 6.2 (and still does in a
// module without `NonisolatedNonsendingByDefault`): each call of `checked(_:)` from the
// actor leaves the context's queue and comes back, two hops and two enqueues more per call.

import NoteStore
import Workload
import RowKit

/// Passes a value through the helper layer, on the global pool. `@inline(never)`, so the
/// optimizer cannot fold the helper into its caller and hide what its isolation costs.
@concurrent @inline(never)
nonisolated func checked<Value: Sendable>(_ value: Value) async -> Value {
    HelperCalls.record()
    return value
}

extension RowDescriptor {
    /// `concurrent`: helpers that leave the actor's executor on every call.
    public static let concurrent = RowDescriptor(
        id: .concurrent, kind: .pattern,
        summary: """
            the same actor and helpers, the helpers marked `@concurrent`: each one leaves the \
            actor and comes back
            """,
        lessons: [4],
        expectedHops: .perCall(
            4, because: "into the actor: a job on the context's queue", "to the global pool for the @concurrent helper",
            "back onto the actor: a job on the context's queue", "back to the caller's executor"
        ),
        expectedEnqueues: .perCall(
            4, because: "into the actor: a job on the context's queue", "the helper: a job on the global pool",
            "back onto the actor: a job on the context's queue", "back to the caller: a job on the global pool"
        ).listScreen(3, because: "the same three jobs; back on the main queue, which is not the global pool"),
        costModel: .predicted(base: .storeSync)
    ) { configuration in
        try HelperLayerRepository(container: configuration.makeContainer(), name: RowID.concurrent.rawValue)
    }
}
