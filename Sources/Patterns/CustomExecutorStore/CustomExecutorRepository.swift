// Pattern 3: an actor whose executor is the context's queue.
//
// Lesson 4 (sources 002, 004): a custom actor executor (SE-0392) runs each of the actor's
// jobs on the context's serial queue, so the actor's methods touch the context
// synchronously: no `perform`, no closures, no extra hop. A call costs one job on the
// queue (into the actor) and one return to the caller; this is what SwiftData's
// `@ModelActor` generates. The conformance to `NoteModelActor` is the whole pattern.

import NoteStore
import Workload
import RowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// snippet: model-actor
public actor CustomExecutorRepository: NoteModelActor, ContextActor {
    public nonisolated let modelExecutor: ContextExecutor
    public let context: NoteContext
    /// The sync scenario's reader merges this container's saves.
    public nonisolated let storeContainer: NoteContainer?

    /// Runs on the caller's thread, as a nonisolated actor init does: it makes the context
    /// and its executor but leaves the context alone. The isolated methods use it, on its queue.
    public init(container: NoteContainer) throws {
        let context = try container.newContext(name: "custom-executor")
        self.context = context
        self.modelExecutor = ContextExecutor(context: context)
        storeContainer = container
    }
    // The calls are `ContextActor`'s: each uses the context directly, already on its queue.
}
// snippet: end

extension RowDescriptor {
    /// `custom-executor`: the actor's jobs run on the context's queue, as `@ModelActor`'s do.
    public static let customExecutor = RowDescriptor(
        id: .customExecutor, kind: .pattern,
        summary: """
            an actor whose `SerialExecutor` runs its jobs on the context's queue, so its code \
            touches the context directly: SwiftData's `@ModelActor`, by hand
            """,
        lessons: [4],
        expectedHops: .perCall(
            2,
            because: "into the actor: a job on the context's queue", "back to the caller's executor"
        ),
        costModel: .predicted(base: .storeSync)
    ) { configuration in
        try CustomExecutorRepository(container: configuration.makeContainer())
    }
}
