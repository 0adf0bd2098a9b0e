import Dispatch
import Synchronization

// MARK: - ContextQueue

/// The serial queue a context is confined to (lesson 1).
///
/// It is `Sendable` and separate from the context so that an executor can hold it: a
/// `SerialExecutor` must be `Sendable`, a context is not. ``ContextExecutor`` holds only
/// this queue, never the context, so neither type needs an unchecked conformance.
public final class ContextQueue: Sendable {
    /// The name shown in traps and thread dumps.
    public let label: String
    let dispatchQueue: DispatchQueue

    /// Every job sent with ``async(_:)`` to any context queue of this process: each one is
    /// a potential thread wake-up, the dominant cost of the queue-based patterns. A
    /// ``sync(_:)`` job is not one of them: the caller's thread runs it while it waits.
    public static var dispatchCount: Int { dispatches.load(ordering: .relaxed) }
    private static let dispatches = Atomic<Int>(0)

    /// Jobs sent to this queue, with ``async(_:)`` or ``sync(_:)``.
    public var jobCount: Int { jobs.load(ordering: .relaxed) }
    private let jobs = Atomic<Int>(0)

    /// Database reads and ended write transactions of the contexts on this queue, and the
    /// read jobs that waited for a write: see ``readsBehindWrites``.
    private let databaseReads = Atomic<Int>(0)
    private let writesEnded = Atomic<Int>(0)
    private let readsBehind = Atomic<Int>(0)

    /// A new serial queue.
    /// - Parameter label: The queue's name, shown in traps and thread dumps.
    public init(label: String) {
        self.label = label
        self.dispatchQueue = DispatchQueue(label: label)
        dispatchQueue.setSpecific(key: queueIdentityKey, value: ObjectIdentifier(self))
    }

    private init(label: String, dispatchQueue: DispatchQueue) {
        self.label = label
        self.dispatchQueue = dispatchQueue
        dispatchQueue.setSpecific(key: queueIdentityKey, value: ObjectIdentifier(self))
    }

    // MARK: The main queue

    /// The main dispatch queue, which the main actor's executor drains: the queue of a
    /// view context (Core Data's `viewContext`, SwiftData's `mainContext`). Code on the main
    /// actor runs on it, so a context confined to it may be used from `@MainActor` code with
    /// no `perform`.
    public static let main = ContextQueue(label: "notestore.main", dispatchQueue: .main)

    /// Whether this is ``main``.
    public var isMain: Bool { self === Self.main }

    /// True when the calling code runs on this queue (in `perform`, `performAndWait`, or
    /// a job of an executor built on it).
    public var isCurrent: Bool {
        DispatchQueue.getSpecific(key: queueIdentityKey) == ObjectIdentifier(self)
    }

    /// True when the calling code runs on some context's queue, whichever it is.
    package static var isOnAnyContextQueue: Bool {
        DispatchQueue.getSpecific(key: queueIdentityKey) != nil
    }

    /// Schedules `work` on the queue and returns at once.
    /// - Parameter work: The job, run once on the queue after the jobs queued before it.
    public func async(_ work: @escaping @Sendable () -> Void) {
        Self.dispatches.add(1, ordering: .relaxed)
        jobs.add(1, ordering: .relaxed)
        // The job as it is, unless a meter or a check wraps it: a closure of its own is one
        // allocation per job, which a timed run must not pay.
        let counting = Self.isCountingReadsBehindWrites
        guard counting || Self.isSlowingJobs else {
            dispatchQueue.async(execute: work)
            return
        }
        // Read before the job is queued: whoever sees the count knows what it waits for.
        let writesBefore = writesEnded.load(ordering: .relaxed)
        let observed = observedRun()
        dispatchQueue.async { [self] in
            startJob()
            let job = { if counting { self.runJob(writesBefore: writesBefore, work) } else { work() } }
            if let observed { observed(job) } else { job() }
        }
    }

    /// Runs `work` on the queue and waits for it; runs it in place when already on it.
    ///
    /// A wait parks the calling thread: the store's audit (`StoreAudit.blockingWaits`)
    /// counts the waits of threads that must not park (the main thread, another context's
    /// queue, the cooperative pool).
    /// - Parameter work: The job, run once on the queue while the caller waits.
    /// - Returns: What `work` returns.
    /// - Throws: What `work` throws, as its own error type.
    public func sync<T, E: Error>(_ work: () throws(E) -> T) throws(E) -> T {
        if isCurrent { return try work() }
        StoreAudit.recordWait()
        jobs.add(1, ordering: .relaxed)
        let result: Result<T, E>
        if Self.isCountingReadsBehindWrites {
            let writesBefore = writesEnded.load(ordering: .relaxed)
            result = dispatchQueue.sync {
                startJob()
                return runJob(writesBefore: writesBefore) { Result { () throws(E) -> T in try work() } }
            }
        } else {
            result = dispatchQueue.sync {
                startJob()
                return Result { () throws(E) -> T in try work() }
            }
        }
        return try result.get()
    }
}

// MARK: - Reads queued behind writes

extension ContextQueue {
    /// Read jobs of this queue that waited for a write: jobs that read the database and
    /// wrote nothing, during whose wait (from the call that queued them to their start) a
    /// write transaction of this queue ended. The write was running when the read was
    /// queued, or queued ahead of it: a serial context's fetch behind its own save, or,
    /// on a queue several contexts share, behind another's.
    ///
    /// What counts as a read or a write is what a job did, known when it ends: the
    /// context's fetches, counts and lookups that reach the database are reads, its saves
    /// are writes (``NoteContext/save()``, whatever called it: `importBatch`, an update).
    /// A job that does both is a write; one that does neither (a close) is not counted.
    /// Work that runs on the queue outside a job of this queue (the main actor's own jobs
    /// on ``main``) counts its writes but is never counted as a read.
    ///
    /// The count is a meter, off until ``startCountingReadsBehindWrites()``: it wraps every
    /// job in a closure of its own, one allocation per job that a timed run must not pay.
    package var readsBehindWrites: Int { readsBehind.load(ordering: .relaxed) }

    /// Whether the queues of this process count their reads behind writes.
    package static var isCountingReadsBehindWrites: Bool { countingReadsBehindWrites.load(ordering: .relaxed) }
    private static let countingReadsBehindWrites = Atomic<Bool>(false)

    /// Turns on, for the rest of the process, the count of ``readsBehindWrites`` on every
    /// context queue: a pass that counts calls it before its first job, a timed pass never.
    /// Jobs queued before the call are not counted.
    package static func startCountingReadsBehindWrites() {
        countingReadsBehindWrites.store(true, ordering: .relaxed)
    }

    /// Write transactions that ended on this queue, committed or rolled back.
    package var writeTransactionsEnded: Int { writesEnded.load(ordering: .relaxed) }

    /// Runs one job of this queue and, when it ends, counts it if it was a read that
    /// waited for a write: `writesBefore` is the count of writes ended when it was queued.
    private func runJob<T>(writesBefore: Int, _ work: () -> T) -> T {
        let writesAtStart = writesEnded.load(ordering: .relaxed)
        let readsAtStart = databaseReads.load(ordering: .relaxed)
        defer {
            if writesAtStart > writesBefore,
               databaseReads.load(ordering: .relaxed) > readsAtStart,
               writesEnded.load(ordering: .relaxed) == writesAtStart {
                readsBehind.add(1, ordering: .relaxed)
                StoreAudit.readQueuedBehindWrite()
            }
        }
        return work()
    }

    /// A context of this queue read the database: called by its fetches and lookups.
    @inline(__always)
    func recordDatabaseRead() {
        databaseReads.add(1, ordering: .relaxed)
    }

    /// A context of this queue ended a write transaction, committed or rolled back.
    func recordWriteEnded() {
        writesEnded.add(1, ordering: .relaxed)
    }
}

/// Marks each context queue with its own identity so `isCurrent` is one lookup.
private let queueIdentityKey = DispatchSpecificKey<ObjectIdentifier>()
