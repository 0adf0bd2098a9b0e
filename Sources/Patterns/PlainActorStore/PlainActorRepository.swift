// Pattern 2: a plain actor that still hops into `perform`.
//
// Lesson 3 (source 004): an actor guarantees mutual exclusion, not thread identity. Its
// jobs run on the cooperative thread pool, a different thread from one call to the next,
// never on the context's queue. So an actor that owns a context must still enter the
// queue through `perform` in every method: each call hops into the actor, onto the queue,
// back to the actor, and back to the caller. `NaivePlainActorRepository` beside this file
// is the version that forgets, compiles without a warning, and traps in debug mode.

import NoteStore
import Workload
import RowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// snippet: actor
public actor PlainActorRepository: PerformingActor {
    // Actor-isolated, so only this actor's methods can reach it; they still run off the
    // context's queue, hence the `perform` in each call (`PerformingActor`'s).
    public let context: NoteContext
    /// The sync scenario's reader merges this container's saves.
    public nonisolated let storeContainer: NoteContainer?

    public init(container: NoteContainer) throws {
        context = try container.newContext(name: "plain-actor")
        storeContainer = container
    }
}
// snippet: end

extension PlainActorRepository {
    /// Jobs sent to the context's queue so far: one per call of this repository.
    public var queueJobCount: Int { context.queue.jobCount }
}

extension RowDescriptor {
    /// `plain-actor`: an actor for mutual exclusion, `perform` for the context's queue.
    public static let plainActor = RowDescriptor(
        id: .plainActor, kind: .pattern,
        summary: """
            an actor that owns the context and must still hop into `perform` in every method \
            (the naive version, which touches the context directly, lives beside it and trips \
            the concurrency-debug trap)
            """,
        lessons: [3],
        // snippet: expected-hops
        expectedHops: .perCall(
            2,
            plusOneWhen: "the queue resumes perform's continuation after the actor's task has suspended: the task then resumes on the global executor and hops back into the actor; when the queue is faster than the suspension, it resumes in place",
            because: "into the actor", "back to the caller's executor"
        ),
        // snippet: end
        costModel: .predicted(base: .storeSync)
    ) { configuration in
        try PlainActorRepository(container: configuration.makeContainer())
    }
}
