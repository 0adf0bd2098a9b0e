// MARK: - Running code on the context's queue (lesson 1)

extension NoteContext {
    /// Runs `body` on the context's queue and returns its result to the caller.
    ///
    /// The async `perform` of Core Data and `ModelContext`: the caller suspends, the body
    /// runs as one job on the queue (a thread wake-up when the queue is idle), and the
    /// caller resumes on its own executor. `nonisolated(nonsending)` keeps the caller's
    /// isolation, so an actor can pass a closure that captures its own state. Only the
    /// `Sendable` result crosses back.
    // snippet: perform
    nonisolated(nonsending)
    public func perform<T: Sendable, E: Error>(_ body: @escaping () throws(E) -> T) async throws(E) -> T {
        // The body runs on the queue and nowhere else, and the caller waits for it, so no
        // two threads ever touch what it captures at once; the box only carries it there.
        let job = QueueConfinedClosure(body)
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(E) -> T in try job.body() })
            }
        }
        return try result.get()
    }
    // snippet: end

    /// Runs `body` on the context's queue and waits for it, blocking the calling thread.
    /// Reentrant: on the queue already, it runs in place.
    public func performAndWait<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try queue.sync(body)
    }

    /// Schedules `body` on the context's queue and returns at once (fire and forget).
    public func perform(schedule body: @escaping () -> Void) {
        let job = QueueConfinedClosure(body)
        queue.async { job.body() }
    }
}

// MARK: - QueueConfinedClosure

/// Carries a closure that captures queue-confined state (the context, its objects) to the
/// context's queue. `@unchecked Sendable` is safe because the closure is called only on
/// that queue, once, while nothing else runs there.
struct QueueConfinedClosure<T, E: Error>: @unchecked Sendable {
    let body: () throws(E) -> T
    init(_ body: @escaping () throws(E) -> T) { self.body = body }
}
