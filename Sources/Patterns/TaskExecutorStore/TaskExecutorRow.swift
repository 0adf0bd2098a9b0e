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
import RowKit

extension RowDescriptor {
    /// Each of the row's hops is an enqueue on the context's queue from that queue's own
    /// thread, and the other way round: the same count for both.
    static let taskExecutorReasons = [
        "none into the actor: the client's job already runs isolated to the context's executor",
        "back to the client's nonisolated code: a job on the same queue, queued from its own thread (no wake-up)",
        "two more on each operation's first call: the workload runner's nonisolated async function is entered and left, each a switch to the generic executor that, for a preferring task, is again a job on the same queue",
        "one fewer on an import or an update in an optimized build: the call returns nothing, no code of the runner's function runs after it, and the optimizer drops the switch back into that function (a debug build keeps it)",
    ]

    /// One per call, and two more on the call that starts an operation, whichever it is;
    /// one fewer in an optimized build when that call returns nothing (a write). The list's
    /// read comes from the main actor: two hops, into the actor and back.
    static let taskExecutorHops = HopExpectation(reasons: taskExecutorReasons, reads: 1, writes: writeHops)
        .listScreen(
            2, because: "its task prefers no executor: into the actor and back, two hops; one job on the context's queue, and the return on the main queue, which is not the global pool"
        )
        .onEachOperationsFirstCall(plus: 2)

    /// An import's or an update's own count, besides the two of an operation's first call,
    /// which the optimizer decides: the switch it drops is in Workload's
    /// `ScenarioPlan.Operation.perform(on:view:reads:)`. `DEBUG` stands for "not optimized"
    /// here, as it does in SwiftPM's debug builds; a debug build given `-O` by hand would make 0.
    #if DEBUG
    static let writeHops = 1
    #else
    static let writeHops = 0
    #endif

    /// `task-executor`: `custom-executor` with client tasks that prefer the context's executor.
    public static let taskExecutor = RowDescriptor(
        id: .taskExecutor, kind: .pattern,
        summary: """
            the `custom-executor` actor, called from client tasks that prefer its executor \
            (`withTaskExecutorPreference`, SE-0417)
            """,
        lessons: [4],
        clients: .concurrentPreferring { repository in (repository as? CustomExecutorRepository)?.modelExecutor },
        expectedHops: taskExecutorHops,
        expectedEnqueues: taskExecutorHops.listScreen(1),
        costModel: .predicted(base: .storeSync)
    ) { configuration in
        try CustomExecutorRepository(container: configuration.makeContainer())
    }
}
