import Support
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - A slow store, for the workshop's checks

extension ContextQueue {
    /// Makes every job of every context queue but the main one start `delay` late, on its
    /// queue, for the rest of the process: a check-only setting, never used by a timed run.
    ///
    /// Slowed down, the store shows what code does while it waits. Code that awaits is
    /// suspended and its thread runs other work; code that holds a thread until the store
    /// answers (a semaphore, a work item's `wait`, a lock, a sleep, a spin) now holds it
    /// for at least `delay`, long enough for a clock on that thread to see. The main queue's
    /// jobs are not slowed: they run where the interface runs, and a check must not stall
    /// what it watches.
    package static func slowEveryJob(by delay: Duration) {
        let (seconds, attoseconds) = delay.components
        slowdownMicroseconds.store(Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000), ordering: .relaxed)
    }

    /// Whether ``slowEveryJob(by:)`` is on.
    static var isSlowingJobs: Bool { slowdownMicroseconds.load(ordering: .relaxed) > 0 }

    /// Jobs that started late because of ``slowEveryJob(by:)``.
    package static var slowedJobs: Int { slowed.load(ordering: .relaxed) }

    /// Shows every slowed job to `observer`, the first one given in this process: how a
    /// meter times the jobs of the context queues, and learns which of the threads it
    /// watches waited for work it sent there.
    package static func observeSlowedJobs(_ observer: some SlowedJobObserver) {
        _ = jobObserver.storeIfNil(ObserverBox(observer))
    }

    /// Runs where a job is queued: how the job's work is to run on the queue, or nil when
    /// jobs are not slowed or nobody observes them.
    @inline(__always)
    func observedRun() -> SlowedJobObserver.Run? {
        guard Self.isSlowingJobs, !isMain else { return nil }
        // Read without a lock: the caller may be a job a meter times.
        return Self.jobObserver.load()?.observer.jobQueued()
    }

    /// Runs `interleave` at the start of every job of every context queue but the main one,
    /// before the job's own work, while jobs are slowed (``slowEveryJob(by:)``); nil stops
    /// it. A check-only setting: how a check commits another context's save between two
    /// jobs of the code it checks, where a real app's other contexts can save too.
    package static func beforeEveryJob(_ interleave: (@Sendable () -> Void)?) {
        betweenJobs.withLock { $0 = interleave }
    }

    /// Runs at the start of every job of this queue: the job starts late when jobs are slowed.
    @inline(__always)
    func startJob() {
        let microseconds = Self.slowdownMicroseconds.load(ordering: .relaxed)
        guard microseconds > 0, !isMain else { return }
        Self.slowed.add(1, ordering: .relaxed)
        Self.betweenJobs.withLock { $0 }?()
        usleep(useconds_t(microseconds))
    }

    /// Under an `NSLock`, which ThreadSanitizer sees, not a `Mutex`: the queues' threads read
    /// it at once, and a contended `Mutex` hands over through the kernel, unseen (`LockedValue`).
    private static let betweenJobs = LockedValue<(@Sendable () -> Void)?>(nil)
    private static let slowdownMicroseconds = Atomic<Int>(0)
    private static let slowed = Atomic<Int>(0)
    /// Set once, by the one meter of a process.
    private static let jobObserver = AtomicLazyReference<ObserverBox>()
}

/// Holds the observer, for a reference that is read without a lock.
private final class ObserverBox: Sendable {
    let observer: any SlowedJobObserver

    init(_ observer: any SlowedJobObserver) {
        self.observer = observer
    }
}

// MARK: - SlowedJobObserver

/// Sees every job of a slowed store: where it is queued, and its work on the queue.
package protocol SlowedJobObserver: Sendable {
    /// How a job's work runs on its queue: `work` must be called once, there.
    typealias Run = @Sendable (_ work: () -> Void) -> Void

    /// Called where a job is queued, on the thread that queues it.
    func jobQueued() -> Run
}
