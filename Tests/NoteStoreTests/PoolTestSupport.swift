import Dispatch
import NoteStore
import Synchronization
import TestSupport

// MARK: - Gate

/// A gate the test opens: code on a context's queue waits at it, blocking that queue's
/// thread (never a thread of the cooperative pool), until the test lets it through.
final class Gate: Sendable {
    private let group = DispatchGroup()
    private let opened = Atomic<Bool>(false)
    /// How many have arrived at the gate so far, through or still waiting.
    private let arrivals = Atomic<Int>(0)

    init() { group.enter() }

    /// Waits until the gate is open; at once when it is.
    func wait() {
        arrivals.add(1, ordering: .sequentiallyConsistent)
        group.wait()
    }

    /// Lets everyone through, now and later. Safe to call twice.
    func open() {
        if !opened.exchange(true, ordering: .sequentiallyConsistent) { group.leave() }
    }

    var arrived: Int { arrivals.load(ordering: .sequentiallyConsistent) }
}

// MARK: - Flag

/// A flag set from a context's queue and read from the test.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}

// MARK: - Collected

/// Values that tasks and queues hand back to the test, under a lock.
final class Collected<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

// MARK: - Waiting for a state

/// Suspends until `condition` holds, looking again every millisecond: for a state that
/// other threads reach (a writer inside its transaction, reads queued). Throws when the
/// test is cancelled (its time limit), so a state never reached fails the test instead of
/// hanging it.
func until(_ condition: () -> Bool) async throws {
    while !condition() {
        try await Task.sleep(for: .milliseconds(1))
    }
}

/// Runs `work` as a job of `queue`, after every job queued before it, and returns its
/// result; throws `CancellationError` if the test is cancelled first (a queue that never
/// gets to the job then fails the test instead of hanging it).
func onQueue<T: Sendable>(_ queue: ContextQueue, _ work: @escaping @Sendable () -> T) async throws -> T {
    try await scheduled(by: queue.async, work)
}

/// Runs `work` where `schedule` puts it and returns its result; throws
/// `CancellationError` if the test is cancelled before it ran.
func scheduled<T: Sendable>(
    by schedule: (@escaping @Sendable () -> Void) -> Void, _ work: @escaping @Sendable () -> T
) async throws -> T {
    let waiting = Mutex<CheckedContinuation<T, any Error>?>(nil)
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            waiting.withLock { $0 = continuation }
            schedule {
                let value = work()
                waiting.withLock { $0.take() }?.resume(returning: value)
            }
        }
    } onCancel: {
        waiting.withLock { $0.take() }?.resume(throwing: CancellationError())
    }
}

// MARK: - A serial task executor

/// A task executor on one serial dispatch queue: the tasks that prefer it run their
/// nonisolated code there, one job after another, in the order the jobs were queued.
final class SerialTaskExecutor: TaskExecutor {
    let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: label) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// Runs `work` as a job of the queue, after every job queued before it, and returns
    /// its result: see ``onQueue(_:_:)``.
    func afterQueuedJobs<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T {
        try await scheduled(by: { queue.async(execute: $0) }, work)
    }
}

// MARK: - A file database

/// A container on a file in a temporary folder, with concurrency-debug on, one folder
/// (id 1) and `notes` notes (ids 1…), the database a reader pool needs.
struct PoolFixture {
    let folder: TemporaryFolder
    let container: NoteContainer
    static let created = StoreFixture.created

    init(maximumReaderCount: Int = NoteReaderPool.defaultMaximumReaderCount, notes: Int = 3) throws {
        folder = try TemporaryFolder()
        var options = NoteContainer.Options(concurrencyDebug: true)
        options.maximumReaderCount = maximumReaderCount
        container = try NoteContainer(location: .file(folder.path("notes.sqlite")), options: options)
        let context = try container.newContext(name: "seed")
        try context.performAndWait { () throws(NoteStoreError) in
            let inbox = context.insertFolder(id: FolderID(1), name: "Inbox")
            for id in 0..<notes {
                context.insertNote(
                    id: NoteID(Int64(id + 1)), title: "note \(id + 1)", body: "body 0", folder: inbox, created: Self.created
                )
            }
            try context.save()
            context.close()
        }
    }
}
