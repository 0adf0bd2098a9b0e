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
public final class ContextExecutor: SerialExecutor {
    public let queue: ContextQueue
    private let jobs = Atomic<Int>(0)

    /// Jobs this executor has run: a count of hops into its actors that does not depend
    /// on the runtime, to check the hop meter against.
    public var enqueuedJobs: Int { jobs.load(ordering: .relaxed) }

    public init(queue: ContextQueue) { self.queue = queue }

    public convenience init(context: NoteContext) { self.init(queue: context.queue) }

    // snippet: enqueue
    public func enqueue(_ job: consuming ExecutorJob) {
        // `ExecutorJob` is non-copyable and cannot escape into a closure; `UnownedJob` can.
        jobs.add(1, ordering: .relaxed)
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
    // snippet: end

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Lets `assumeIsolated` and the runtime's isolation checks succeed for code that runs
    /// on the queue by other means (a `perform` closure, a dispatch callback).
    public func checkIsolated() {
        precondition(queue.isCurrent, "expected to run on the queue '\(queue.label)'")
    }

    public func isIsolatingCurrentContext() -> Bool? { queue.isCurrent }
}
