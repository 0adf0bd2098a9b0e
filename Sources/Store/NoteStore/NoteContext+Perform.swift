// MARK: - Running code on the context's queue (lesson 1)

extension NoteContext {
    /// Runs `body` on the context's queue with the context, and returns its result to the
    /// caller.
    ///
    /// The async `perform` of Core Data and `ModelContext`: the caller suspends, the body
    /// runs as one job on the queue (a thread wake-up when the queue is idle), and the
    /// caller resumes on its own executor (`nonisolated(nonsending)`). Only the `Sendable`
    /// result crosses back.
    ///
    /// The body is `sending`: the caller hands over everything it captures and keeps no
    /// reference to it, because the body runs on another thread while the caller is
    /// suspended, and a suspended actor runs its other calls. A closure that captures the
    /// caller's own state (an actor's properties, a local still used afterwards) does not
    /// compile. The context comes in as the argument, so the body never needs to capture
    /// it from the caller.
    /// - Parameter body: The work, run once on the queue with this context.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, as its own error type.
    // snippet: perform
    nonisolated(nonsending)
    public func perform<T: Sendable, E: Error>(
        _ body: sending @escaping (NoteContext) throws(E) -> T
    ) async throws(E) -> T {
        let job = QueueJob(body: body, context: self)
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(E) -> T in try job.body(job.context) })
            }
        }
        return try result.get()
    }
    // snippet: end

    /// Runs `body` on the context's queue and waits for it, blocking the calling thread.
    /// Reentrant: on the queue already, it runs in place.
    ///
    /// The body may capture anything: the caller is blocked until it returns, so only one
    /// thread touches what it captures at a time.
    /// - Parameter body: The work, run once on the queue.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws, as its own error type.
    public func performAndWait<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try queue.sync(body)
    }

    /// Schedules `body` on the context's queue with the context and returns at once (fire
    /// and forget). `sending` for the reason ``perform(_:)`` gives: the caller goes on
    /// while the body runs.
    /// - Parameter body: The work, run once on the queue with this context, after the call
    ///   has returned.
    public func perform(schedule body: sending @escaping (NoteContext) -> Void) {
        let job = QueueJob(body: body, context: self)
        StoreAudit.scheduledBodyQueued()
        queue.async {
            job.body(job.context)
            StoreAudit.scheduledBodyFinished()
        }
    }
}

// MARK: - QueueJob

/// Carries a body and its context to the context's queue.
///
/// `@unchecked Sendable` is safe: the body was `sending`, so its caller kept no reference
/// to anything it captures, and both the body and the context are used only on the
/// context's queue, where the job runs once.
struct QueueJob<T, E: Error>: @unchecked Sendable {
    let body: (NoteContext) throws(E) -> T
    let context: NoteContext
}
