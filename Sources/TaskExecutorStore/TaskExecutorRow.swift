// Row `task-executor`: the custom-executor actor, called from tasks that prefer its executor.
//
// SE-0417 lets a task prefer a `TaskExecutor`: its nonisolated code runs there instead of
// on the cooperative pool. `ContextExecutor` is both the actor's `SerialExecutor` and a
// `TaskExecutor`, and it runs every job isolated to itself on the context's queue. A client
// task that prefers it therefore already runs where the actor runs: the call into the
// actor is no switch at all, and the return to the client is one job queued behind the
// running one on the same thread, so no thread sleeps between calls. The actor is
// `CustomExecutorRepository`, unchanged: only how the caller runs differs, which is what a
// SwiftData user can do with `Task(executorPreference:)` where an API hands out its executor.

import CustomExecutorStore
import NoteStore
import Workload

extension RowDescriptor {
    /// `task-executor`: `custom-executor` with client tasks that prefer the context's executor.
    public static let taskExecutor = RowDescriptor(
        name: "task-executor", kind: .pattern,
        summary: "the custom-executor actor, called from tasks that prefer its executor (SE-0417)",
        lessons: [4],
        clients: .concurrentPreferring { repository in (repository as? CustomExecutorRepository)?.modelExecutor },
        expectedHops: .perCall(
            1,
            because: "none into the actor: the client's job already runs isolated to the context's executor",
            "back to the client's nonisolated code: it prefers the same executor, so a job on the same queue"
        ),
        expectedEnqueues: .perCall(
            1,
            because: "the return to the client: one job on the context's queue, queued from that queue's own thread"
        ),
        costModel: .predicted(base: RowDescriptor.storeBase)
    ) { configuration in
        try CustomExecutorRepository(container: configuration.makeContainer())
    }
}
