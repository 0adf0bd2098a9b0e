// A `SerialExecutor` on one dedicated thread that spins briefly before it parks.
//
// A dispatch queue's thread goes to sleep as soon as its queue is empty, so the next job
// pays a wake-up (tens of microseconds on a busy virtual machine). This executor's thread
// keeps polling its queue for `spinBudget` before it parks: a client whose next call comes
// within the budget finds the thread awake. A job enqueued from the executor's own thread
// runs in place: it is queued behind the running job and the thread takes it next, with no
// signal and no wake-up (never nested inside the running job, which would break the
// executor's serial guarantee).

#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
import Foundation
import NoteStore
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public final class ThreadExecutor: SerialExecutor {
    /// How long the idle thread polls before it parks: 50 µs, longer than one thread
    /// wake-up on the lab's machine (about 30 µs), so that a client woken to take its
    /// result still finds the thread spinning when it makes its next call.
    public static let spinBudget: Duration = .microseconds(50)

    private let core: Core
    private let jobs = Atomic<Int>(0)

    /// Jobs this executor has been handed.
    public var enqueuedJobs: Int { jobs.load(ordering: .relaxed) }

    public init(name: String) {
        core = Core()
        let core = core
        let thread = Thread { core.runLoop() }
        thread.name = name
        thread.start()
    }

    deinit { core.stop() }

    public func enqueue(_ job: consuming ExecutorJob) {
        jobs.add(1, ordering: .relaxed)
        ExecutorJobs.record()
        core.push(UnownedJob(job), executor: asUnownedSerialExecutor())
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    public func isIsolatingCurrentContext() -> Bool? { core.isOwnThread }

    public func checkIsolated() { precondition(core.isOwnThread, "expected to run on the executor's own thread") }
}

// MARK: - Core

/// The queue and the thread's state, apart from the executor so that the thread does not
/// keep the executor alive: when the executor goes, the thread finishes its jobs and exits.
private final class Core: Sendable {
    private struct State {
        var jobs: [(UnownedJob, UnownedSerialExecutor)] = []
        var next = 0
        var parked = false
        var stopped = false
        var thread: pthread_t?
    }

    private let state = Mutex(State())
    /// Jobs waiting: what the spinning thread polls without taking the lock.
    private let pending = Atomic<Int>(0)
    private let wake = DispatchSemaphore(value: 0)

    var isOwnThread: Bool {
        state.withLock { state in state.thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    func push(_ job: UnownedJob, executor: UnownedSerialExecutor) {
        let signal = state.withLock { state in
            state.jobs.append((job, executor))
            pending.add(1, ordering: .releasing)
            // The thread is awake when it enqueues to itself or spins: no signal then.
            defer { state.parked = false }
            return state.parked
        }
        if signal { wake.signal() }
    }

    func stop() {
        let signal = state.withLock { state in
            state.stopped = true
            defer { state.parked = false }
            return state.parked
        }
        if signal { wake.signal() }
    }

    func runLoop() {
        state.withLock { $0.thread = pthread_self() }
        let clock = ContinuousClock()
        while true {
            if let (job, executor) = pop() {
                job.runSynchronously(on: executor)
                continue
            }
            let deadline = clock.now + ThreadExecutor.spinBudget
            var spins = 0
            while pending.load(ordering: .acquiring) == 0 {
                spins += 1
                // Read the clock every 64 polls: a read costs about as much as the poll.
                if spins & 63 == 0 && clock.now >= deadline { break }
            }
            if pending.load(ordering: .acquiring) > 0 { continue }
            let parking = state.withLock { state -> Bool? in
                guard state.next == state.jobs.count else { return false }
                if state.stopped { return nil }
                state.parked = true
                return true
            }
            guard let parking else { return }
            if parking { wake.wait() }
        }
    }

    private func pop() -> (UnownedJob, UnownedSerialExecutor)? {
        state.withLock { state -> (UnownedJob, UnownedSerialExecutor)? in
            guard state.next < state.jobs.count else { return nil }
            let job = state.jobs[state.next]
            state.next += 1
            if state.next == state.jobs.count {
                state.jobs.removeAll(keepingCapacity: true)
                state.next = 0
            }
            pending.subtract(1, ordering: .relaxed)
            return job
        }
    }
}
