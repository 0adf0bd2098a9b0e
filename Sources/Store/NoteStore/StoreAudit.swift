import Dispatch
import Synchronization

// MARK: - StoreAudit

/// What the store did in this process, counted where it happens: containers opened,
/// threads parked on a context's queue by a synchronous wait, reads queued behind a write
/// of their own queue, and reads through the reader pools.
///
/// The workshop's checks read it to prove an exercise used the store it was handed and
/// never blocked a thread that must not block; `lab bench` reads the waits to show which
/// rows block. Counting costs one relaxed atomic increment where it happens: a container's
/// opening, a wait that parks a thread (never the fast path of a call already on its queue).
package enum StoreAudit {
    /// Synchronous waits for a context's queue (`performAndWait`, `ContextQueue.sync`) that
    /// parked the calling thread, by where the thread came from.
    package struct Waits: Codable, Sendable, Equatable {
        /// From the main thread: the interface freezes until the queue is free.
        package var mainThread = 0
        /// From another context's queue, or an actor whose executor is one: that queue
        /// stops until this one is free (a deadlock when the two wait for each other).
        package var contextQueue = 0
        /// From a task on the cooperative pool (a default actor or nonisolated async code):
        /// one of a handful of threads, sized to the cores, stops.
        package var cooperativePool = 0
        /// From any other thread: a `Thread` or a global dispatch queue of the caller's, or
        /// an executor's `enqueue` run outside any task. Core Data's `performAndWait` from a
        /// thread of one's own; from async code, a thread held for every call.
        package var otherThread = 0

        package init(mainThread: Int = 0, contextQueue: Int = 0, cooperativePool: Int = 0, otherThread: Int = 0) {
            self.mainThread = mainThread
            self.contextQueue = contextQueue
            self.cooperativePool = cooperativePool
            self.otherThread = otherThread
        }

        /// Every wait, wherever it came from.
        package var total: Int { mainThread + contextQueue + cooperativePool + otherThread }

        package static func - (later: Waits, earlier: Waits) -> Waits {
            Waits(
                mainThread: later.mainThread - earlier.mainThread,
                contextQueue: later.contextQueue - earlier.contextQueue,
                cooperativePool: later.cooperativePool - earlier.cooperativePool,
                otherThread: later.otherThread - earlier.otherThread
            )
        }
    }

    private static let containers = Atomic<Int>(0)
    private static let mainThreadWaits = Atomic<Int>(0)
    private static let contextQueueWaits = Atomic<Int>(0)
    private static let cooperativePoolWaits = Atomic<Int>(0)
    private static let otherThreadWaits = Atomic<Int>(0)
    private static let mainQueueContexts = Atomic<Int>(0)
    private static let actorConfinements = Atomic<Int>(0)

    /// Contexts made on the main queue so far (view contexts, and contexts given
    /// `ContextQueue.main`): their work runs where the interface runs.
    package static var contextsOnTheMainQueue: Int { mainQueueContexts.load(ordering: .relaxed) }

    /// Contexts confined to an actor's executor so far (`NoteContext.confine(to:)`), the
    /// lab's own way, which Core Data does not have.
    package static var contextsConfinedToActors: Int { actorConfinements.load(ordering: .relaxed) }

    static func contextMade(on queue: ContextQueue) {
        if queue.isMain { mainQueueContexts.add(1, ordering: .relaxed) }
    }

    static func contextConfined() {
        actorConfinements.add(1, ordering: .relaxed)
    }

    /// Containers opened in this process so far.
    package static var containersOpened: Int { containers.load(ordering: .relaxed) }

    /// Synchronous waits so far, by the thread they parked.
    package static var blockingWaits: Waits {
        Waits(
            mainThread: mainThreadWaits.load(ordering: .relaxed),
            contextQueue: contextQueueWaits.load(ordering: .relaxed),
            cooperativePool: cooperativePoolWaits.load(ordering: .relaxed),
            otherThread: otherThreadWaits.load(ordering: .relaxed)
        )
    }

    private static let unfinishedScheduledBodies = Atomic<Int>(0)

    /// Bodies of `perform(schedule:)` queued in this process that have not run to their
    /// end yet: the work a fire-and-forget call leaves behind when it returns.
    package static var scheduledBodiesNotFinished: Int { unfinishedScheduledBodies.load(ordering: .relaxed) }

    static func scheduledBodyQueued() { unfinishedScheduledBodies.add(1, ordering: .relaxed) }
    static func scheduledBodyFinished() { unfinishedScheduledBodies.subtract(1, ordering: .relaxed) }

    static func containerOpened() {
        containers.add(1, ordering: .relaxed)
    }

    // MARK: Reads and writes

    private static let readsBehindWrites = Atomic<Int>(0)

    /// Read jobs, on every context queue of this process, that waited for a write of
    /// their own queue: the sum of ``ContextQueue/readsBehindWrites`` over all queues.
    package static var readsQueuedBehindWrites: Int { readsBehindWrites.load(ordering: .relaxed) }

    static func readQueuedBehindWrite() { readsBehindWrites.add(1, ordering: .relaxed) }

    /// Counts a wait that is about to park the calling thread on a queue it is not on.
    static func recordWait() {
        if ContextQueue.main.isCurrent {
            mainThreadWaits.add(1, ordering: .relaxed)
        } else if ContextQueue.isOnAnyContextQueue {
            contextQueueWaits.add(1, ordering: .relaxed)
        } else if withUnsafeCurrentTask(body: { $0 != nil }) {
            cooperativePoolWaits.add(1, ordering: .relaxed)
        } else {
            otherThreadWaits.add(1, ordering: .relaxed)
        }
    }
}
