// Row `thread-executor`: the custom-executor pattern on a dedicated, briefly spinning thread.
//
// The same actor as `custom-executor`, with `ThreadExecutor` in place of the dispatch
// queue: the context is confined to the actor's executor, its thread polls for
// `ThreadExecutor.spinBudget` before parking. The hops and enqueues are those of
// `custom-executor`; what may change is how many of them wake a thread.

import NoteStore
import Workload
import RowKit

public actor ThreadExecutorRepository: ContextActor {
    public nonisolated let executor: ThreadExecutor
    public let context: NoteContext
    /// The sync scenario's reader merges this container's saves.
    public nonisolated let storeContainer: NoteContainer?

    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    public init(container: NoteContainer) throws {
        let context = try container.newContext(name: "thread-executor")
        self.executor = ThreadExecutor(name: "notestore.thread-executor")
        self.context = context
        storeContainer = container
        context.confine(to: self)
    }

}

extension RowDescriptor {
    /// `thread-executor`: the actor's jobs run on one dedicated thread that spins before it parks.
    public static let threadExecutor = RowDescriptor(
        id: .threadExecutor, kind: .pattern,
        summary: "an actor whose `SerialExecutor` is one dedicated thread that spins 50 µs before it parks",
        lessons: [4],
        expectedHops: .perCall(2, because: "into the actor: a job on the executor's thread", "back to the caller's executor"),
        expectedEnqueues: .perCall(
            2, because: "into the actor: one job handed to the thread", "back: one job handed to the global pool"
        ).listScreen(1, because: "into the actor: one job handed to the thread; back on the main queue, which is not the global pool"),
        costModel: .predicted(base: .storeSync)
    ) { configuration in
        try ThreadExecutorRepository(container: configuration.makeContainer())
    }
}
