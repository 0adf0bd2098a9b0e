// Pattern 1: the context's own queue and `perform` closures.
//
// Lesson 1 (sources 002, 004): a context and its objects are not thread-safe; all access
// goes through `perform`, which runs a closure on the context's serial queue. Every call
// (`PerformingRepository`'s, through the repository's `perform` below) is one job on that
// queue: the caller suspends, the queue wakes a thread, the caller resumes. Only
// identifiers and snapshots cross back.

import NoteStore
import Workload
import RowKit

public final class QueuePerformRepository: PerformingRepository {
    // `NoteContext` is not Sendable; this class is, because it never touches the context
    // except inside `perform`, on the context's queue. The compiler cannot see that.
    private nonisolated(unsafe) let context: NoteContext
    /// The sync scenario's reader merges this container's saves.
    public let storeContainer: NoteContainer?

    public init(container: NoteContainer) throws {
        context = try container.newContext(name: "queue-perform")
        storeContainer = container
    }

    // The calls are `PerformingRepository`'s: each is one of these, a job on the queue.
    // snippet: perform
    public func perform<T: Sendable, E: Error>(
        _ body: sending @escaping (NoteContext) throws(E) -> T
    ) async throws(E) -> T {
        try await context.perform(body)
    }
    // snippet: end

    /// Jobs sent to the context's queue so far: one per call of this repository.
    public var queueJobCount: Int { context.queue.jobCount }
}

extension RowDescriptor {
    /// `queue-perform`: every call is a `perform` closure on the context's queue.
    public static let queuePerform = RowDescriptor(
        id: .queuePerform, kind: .pattern,
        summary: "every call is `context.perform { }` from async code: a continuation and a job on the context's queue",
        lessons: [1],
        expectedHops: .perCall(
            0,
            because: "perform suspends on a continuation and the queue resumes it: a job, not an executor switch"
        ).listScreen(
            2, because: "off the main actor: the method is nonisolated async, so it runs on the global pool",
            "back to the main actor"
        ),
        costModel: .predicted(base: .storeSync)
    ) { configuration in
        try QueuePerformRepository(container: configuration.makeContainer())
    }
}
