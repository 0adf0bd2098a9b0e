import Synchronization

// MARK: - NoteReaderPool

/// Reads in parallel with the writer: a bounded pool of read-only contexts, each read one
/// committed snapshot. The lab's GRDB `DatabasePool` readers, or Core Data's connection
/// pool behind its peer contexts.
///
/// A read's objects never leave it: return identifiers and snapshots. The pool belongs to
/// its container, as the view context does: keep the container while you use it.
public final class NoteReaderPool: Sendable {
    /// Five readers: GRDB's default `Configuration.maximumReaderCount`
    /// (GRDB/Core/Configuration.swift: "The default value is 5"). Core Data documents no
    /// number: "The default connection pool size is implementation-dependent and may vary
    /// by store type or platform"
    /// (https://developer.apple.com/documentation/coredata/nspersistentstoreconnectionpoolmaxsizekey).
    /// The lab takes GRDB's, the one published.
    public static let defaultMaximumReaderCount = 5

    /// At most this many readers are open, and so at most this many reads run at once.
    public let maximumReaderCount: Int

    private unowned let container: NoteContainer
    private let state = Mutex(State())
    private let lastWaiterID = Atomic<UInt64>(0)

    init(container: NoteContainer, maximumReaderCount: Int) {
        precondition(maximumReaderCount >= 1, "a reader pool needs at least one reader")
        self.container = container
        self.maximumReaderCount = maximumReaderCount
    }

    // MARK: Reading

    /// Runs `body` with a reader, on the reader's queue, inside one read transaction, and
    /// returns its result: GRDB's `DatabasePool.read`.
    ///
    /// Every fetch and lookup of `body` sees the same committed state. When every reader is
    /// busy the call suspends, holding no thread, until one is returned.
    ///
    /// - Parameter body: The read, given the reader's context. Return identifiers and
    ///   snapshots: the context's objects are forgotten when it returns.
    /// - Returns: What `body` returns.
    /// - Throws: `CancellationError` when the task is cancelled before the read starts
    ///   (while it waits for a reader, too), with no reader taken; `NoteStoreError` when a
    ///   reader cannot open its connection or the pool is closed; whatever `body` throws.
    nonisolated(nonsending)
    public func read<T: Sendable>(_ body: sending @escaping (NoteContext) throws -> T) async throws -> T {
        try Task.checkCancellation()
        let reader = try await acquire()
        defer { checkIn(reader) }
        // A waiter handed a reader as it was cancelled: the read does not start.
        try Task.checkCancellation()
        state.withLock { $0.reads += 1 }
        let job = ReadJob(body: body, reader: reader, container: container)
        let result: Result<T, any Error> = await withCheckedContinuation { continuation in
            reader.queue.async {
                continuation.resume(returning: Result { try job.run() })
            }
        }
        return try result.get()
    }

    // MARK: Closing

    /// Closes every idle reader's connection, on its queue, and refuses later reads with
    /// the error of a closed connection, as a closed context does. Reads waiting for a
    /// reader get that error too; a reader in use is closed when its read ends.
    public func close() async {
        let (idle, waiters) = state.withLock { state in
            state.isClosed = true
            state.opened -= state.idle.count
            defer {
                state.idle.removeAll()
                state.waiters.removeAll()
            }
            return (state.idle, state.waiters)
        }
        for waiter in waiters { waiter.continuation.resume(throwing: SQLiteConnection.closedError) }
        for reader in idle {
            await withCheckedContinuation { continuation in
                reader.queue.async {
                    reader.close()
                    continuation.resume()
                }
            }
        }
    }

    // MARK: Lending readers

    /// A free reader (a new one while fewer than the maximum are open), at once when there
    /// is one, else when a read returns one. A cancelled waiter leaves the queue and
    /// throws. On the caller's executor, as ``read(_:)`` is.
    nonisolated(nonsending)
    private func acquire() async throws -> Reader {
        let maximum = maximumReaderCount
        switch state.withLock({ $0.take(maximum: maximum) }) {
        case .lent(let reader): return reader
        case .closed: throw SQLiteConnection.closedError
        case .none: break
        }
        let id = lastWaiterID.add(1, ordering: .relaxed).newValue
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Reader, any Error>) in
                // Decided and queued under one lock: a reader returned in between is not missed.
                let outcome: Result<Reader, any Error>? = state.withLock { state in
                    switch state.take(maximum: maximum) {
                    case .lent(let reader): return .success(reader)
                    case .closed: return .failure(SQLiteConnection.closedError)
                    case .none: break
                    }
                    // Checked under the lock the cancellation handler takes: either it ran
                    // before (the flag is set) or it will find this waiter.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    state.readsThatWaited += 1
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns a reader after its read, or unused: to the first waiting read, else to the
    /// idle ones; closed, on its queue, when the pool was closed meanwhile.
    private func checkIn(_ reader: Reader) {
        enum Next { case keep, handTo(Waiter), close }
        let next: Next = state.withLock { state in
            if state.isClosed {
                state.opened -= 1
                state.inUse -= 1
                return .close
            }
            if !state.waiters.isEmpty { return .handTo(state.waiters.removeFirst()) }
            state.inUse -= 1
            state.idle.append(reader)
            return .keep
        }
        switch next {
        case .keep: break
        case .handTo(let waiter): waiter.continuation.resume(returning: reader)
        case .close: reader.queue.async { reader.close() }
        }
    }
}

// MARK: - Counts

extension NoteReaderPool {
    /// What the pool did so far, and what it holds now: for tests, the bench and the
    /// workshop.
    package struct Counts: Sendable, Equatable {
        /// Reads that got a reader and ran.
        package var reads = 0
        /// The most readers lent at once: never more than ``NoteReaderPool/maximumReaderCount``.
        package var mostReadersAtOnce = 0
        /// Reads that found every reader busy and waited for one, whether they then ran or
        /// were cancelled.
        package var readsThatWaitedForAReader = 0
        /// Read jobs of the readers' queues that waited for a write of the same queue
        /// (``ContextQueue/readsBehindWrites``): none, since a reader never writes, where a
        /// serial context's reads queue behind its saves.
        package var readsBehindWrites = 0
        /// Readers open now, lent or idle (each opens its connection in its first read).
        package var readersOpen = 0
        /// Readers lent now.
        package var readersInUse = 0
        /// Reads waiting for a reader now.
        package var readsWaiting = 0
    }

    /// The pool's counts now.
    package var counts: Counts {
        let (counts, queues) = state.withLock { state in
            let counts = Counts(
                reads: state.reads, mostReadersAtOnce: state.mostInUse, readsThatWaitedForAReader: state.readsThatWaited,
                readersOpen: state.opened, readersInUse: state.inUse, readsWaiting: state.waiters.count
            )
            return (counts, state.readerQueues)
        }
        var withQueues = counts
        withQueues.readsBehindWrites = queues.reduce(0) { $0 + $1.readsBehindWrites }
        return withQueues
    }
}

// MARK: - Readers

extension NoteReaderPool {
    /// One reader: a queue, and the read-only context its first read opens on it.
    ///
    /// `@unchecked Sendable` is safe: the pool lends a reader to one read at a time, and
    /// `context` is read and written only in a job on `queue`.
    final class Reader: @unchecked Sendable {
        let name: String
        let queue: ContextQueue
        private var context: NoteContext?

        init(number: Int) {
            name = "reader-\(number)"
            queue = ContextQueue(label: "notestore.\(name)")
        }

        /// The reader's context, opened on first use. Call it on `queue`.
        func openedContext(in container: NoteContainer) throws(NoteStoreError) -> NoteContext {
            if let context { return context }
            let opened = try container.newReaderContext(name: name, queue: queue)
            context = opened
            return opened
        }

        /// Closes the context's connection, if it has one. Call it on `queue`.
        func close() {
            context?.close()
            context = nil
        }
    }

    /// One read, carried to its reader's queue.
    ///
    /// `@unchecked Sendable` is safe: the body was `sending`, so its caller kept nothing
    /// it captures, and the job runs once, on the reader's queue.
    struct ReadJob<T>: @unchecked Sendable {
        let body: (NoteContext) throws -> T
        let reader: Reader
        unowned let container: NoteContainer

        func run() throws -> T {
            try reader.openedContext(in: container).readSnapshot(body)
        }
    }

    /// A read suspended until a reader is returned.
    struct Waiter: Sendable {
        let id: UInt64
        let continuation: CheckedContinuation<Reader, any Error>
    }

    /// What ``State/take(maximum:)`` found.
    enum Take {
        case lent(Reader)
        case closed
        case none
    }

    struct State {
        var idle: [Reader] = []
        /// Readers made, lent or idle.
        var opened = 0
        var inUse = 0
        var waiters: [Waiter] = []
        var isClosed = false
        var readerQueues: [ContextQueue] = []
        var reads = 0
        var mostInUse = 0
        var readsThatWaited = 0

        /// An idle reader (the last returned, whose pages are warmest), else a new one
        /// while fewer than `maximum` are open, else nothing.
        mutating func take(maximum: Int) -> Take {
            if isClosed { return .closed }
            if let reader = idle.popLast() {
                lend()
                return .lent(reader)
            }
            guard opened < maximum else { return .none }
            opened += 1
            let reader = Reader(number: readerQueues.count + 1)
            readerQueues.append(reader.queue)
            lend()
            return .lent(reader)
        }

        private mutating func lend() {
            inUse += 1
            mostInUse = max(mostInUse, inUse)
        }
    }
}

// MARK: - One read, one snapshot

extension NoteContext {
    /// The statement that starts a read's snapshot: `BEGIN DEFERRED` takes none until the
    /// first read (https://www.sqlite.org/lang_transaction.html).
    static let startSnapshot = "SELECT count(*) FROM sqlite_master"

    /// Runs `body` inside one read transaction, then forgets every object it registered,
    /// so the next read starts from the database, not from this snapshot's objects.
    func readSnapshot<T>(_ body: (NoteContext) throws -> T) throws -> T {
        assertOnQueue("NoteReaderPool.read(_:)")
        defer { forgetAfterRead() }
        // Prepared once per reader, like the context's other statements.
        try connection.statement("BEGIN DEFERRED").run()
        do {
            queue.recordDatabaseRead()
            _ = try connection.statement(Self.startSnapshot).firstRow { $0.int64(0) }
            let value = try body(self)
            try connection.statement("COMMIT").run()
            return value
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }
}
