// Row `nonsending`: the helper layer built with `NonisolatedNonsendingByDefault` (Swift 6.2).
//
// With the upcoming feature on (Package.swift, this target only), a `nonisolated async`
// function runs on its caller's executor: called from the actor, `checked(_:)` stays on the
// context's queue, and the layer adds no hop and no enqueue to `custom-executor`'s.

import NoteStore
import Workload
import RowKit

/// Passes a value through the helper layer. `@inline(never)`, so the optimizer cannot fold
/// the helper into its caller and hide what its isolation costs.
@inline(never)
nonisolated func checked<Value: Sendable>(_ value: Value) async -> Value {
    HelperCalls.record()
    return value
}

extension RowDescriptor {
    /// `nonsending`: helpers that stay on the actor's executor.
    public static let nonsending = RowDescriptor(
        id: .nonsending, kind: .pattern,
        summary: """
            `custom-executor` behind `nonisolated async` helpers, built with \
            `NonisolatedNonsendingByDefault`: the helpers stay on the actor
            """,
        lessons: [4],
        expectedHops: .perCall(
            2, because: "into the actor: a job on the context's queue", "back to the caller's executor",
            "none for the helper: nonisolated(nonsending) runs on the actor's executor"
        ),
        expectedEnqueues: .perCall(
            2, because: "into the actor: one job on the context's queue", "back: one job handed to the global pool"
        ).listScreen(1, because: "into the actor: one job on the context's queue; back on the main queue, which is not the global pool"),
        costModel: .predicted(base: .storeSync)
    ) { configuration in
        try HelperLayerRepository(container: configuration.makeContainer(), name: RowID.nonsending.rawValue)
    }
}
