import Synchronization

// MARK: - ContextExecutor

/// A `SerialExecutor` that runs every job on a context's queue (lesson 4, SE-0392).
///
/// An actor whose `unownedExecutor` is this executor runs its code on the context's
/// queue, so its methods may touch the context synchronously, with no `perform`. This is
/// what SwiftData's `@ModelActor` macro sets up with `DefaultSerialModelExecutor`, and
/// GRDB's `DispatchQueueActor` does the same for a dispatch queue.
///
/// Each job is one `async` on the queue: a potential thread wake-up, counted by
/// ``ContextQueue/dispatchCount`` and by ``enqueuedJobs``.
///
/// It is a `TaskExecutor` too (SE-0417): a task that prefers it runs its nonisolated code
/// on the context's queue, so a call from that task into an actor on this executor and the
/// return from it are jobs queued behind the running one on the same thread, not wake-ups.
public final class ContextExecutor: SerialExecutor, TaskExecutor {
    public let queue: ContextQueue
    private let jobs = Atomic<Int>(0)

    /// Jobs this executor has run: a count of hops into its actors that does not depend
    /// on the runtime, to check the hop meter against.
    public var enqueuedJobs: Int { jobs.load(ordering: .relaxed) }

    /// Whether the executor was made on the main queue (in main-actor code): an actor's
    /// executor is made where the actor is, so a check can tell where a model actor was made
    /// even when its context was made elsewhere and handed in.
    package let madeOnMainQueue: Bool

    /// An executor that runs its jobs on `queue`.
    /// - Parameter queue: The queue every job of the executor's actors runs on.
    public init(queue: ContextQueue) {
        self.queue = queue
        madeOnMainQueue = ContextQueue.main.isCurrent
    }

    /// An executor that runs its jobs on `context`'s queue, where the context belongs.
    /// - Parameter context: The context whose queue runs the jobs. The executor keeps the
    ///   queue, never the context.
    public convenience init(context: NoteContext) { self.init(queue: context.queue) }

    /// Sends `job` to the queue, as one `async`.
    /// - Parameter job: A job of one of the executor's actors, or of a task that prefers
    ///   the executor.
    // snippet: enqueue
    public func enqueue(_ job: consuming ExecutorJob) {
        // `ExecutorJob` is non-copyable and cannot escape into a closure; `UnownedJob` can.
        jobs.add(1, ordering: .relaxed)
        ExecutorJobs.record()
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        let taskExecutor = asUnownedTaskExecutor()
        // One enqueue serves both roles: an actor's job runs isolated to the serial
        // executor, a preferring task's job runs on the task executor, and either may
        // switch to the other without leaving the queue.
        queue.async { job.runSynchronously(isolatedTo: executor, taskExecutor: taskExecutor) }
    }
    // snippet: end

    /// The executor as an actor's `unownedExecutor` returns it.
    /// - Returns: A reference to this executor that does not keep it alive.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// The executor as a task's preference (`withTaskExecutorPreference`) holds it.
    /// - Returns: A reference to this executor that does not keep it alive.
    public func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
    }

    /// Lets `assumeIsolated` and the runtime's isolation checks succeed for code that runs
    /// on the queue by other means (a `perform` closure, a dispatch callback).
    public func checkIsolated() {
        precondition(queue.isCurrent, "expected to run on the queue '\(queue.label)'")
    }

    /// Whether the caller runs on the queue: the runtime's question before it falls back to
    /// ``checkIsolated()``.
    /// - Returns: True on the queue, false elsewhere; never nil, since the queue always
    ///   knows.
    public func isIsolatingCurrentContext() -> Bool? { queue.isCurrent }
}

// MARK: - ExecutorJobs

/// Jobs handed to the store's custom executors (``ContextExecutor`` and the rows' own), all
/// of them, process-wide: with the runtime's count of jobs handed to the global pool, the
/// enqueue meter's count. Always on; one relaxed atomic increment per job.
package enum ExecutorJobs {
    private static let jobs = Atomic<UInt64>(0)

    package static var count: UInt64 { jobs.load(ordering: .relaxed) }

    @inline(__always)
    package static func record() { jobs.add(1, ordering: .relaxed) }
}
