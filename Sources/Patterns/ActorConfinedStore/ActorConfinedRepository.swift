// Row `actor-confined`: the store confined to an actor's own default executor, with no queue.
//
// The context is confined to the actor (`NoteContext.confine(to:)`) instead of a dispatch
// queue: its isolated methods use it directly, and the concurrency-debug trap checks
// isolation to the actor's executor, as `assumeIsolated` does. A call is a hop onto the
// cooperative pool's default actor and a hop back; when the actor is free the runtime
// takes both in place, on the caller's thread, so nothing is enqueued and no thread wakes.
// This is what a dispatch queue costs the other rows. Core Data and SwiftData cannot do
// this (their context owns its queue); a store you write yourself can.

import NoteStore
import Workload
import RowKit

public actor ActorConfinedRepository: ContextActor {
    public let context: NoteContext
    /// The sync scenario's reader merges this container's saves.
    public nonisolated let storeContainer: NoteContainer?

    public init(container: NoteContainer) throws {
        let context = try container.newContext(name: "actor-confined")
        self.context = context
        storeContainer = container
        context.confine(to: self)
    }

}

extension RowDescriptor {
    /// `actor-confined`: the context belongs to the actor's default executor.
    public static let actorConfined = RowDescriptor(
        id: .actorConfined, kind: .pattern,
        summary: """
            the context confined to an actor's own default executor instead of a queue; the \
            debug trap checks isolation to the actor
            """,
        lessons: [4],
        expectedHops: .perCall(2, because: "into the actor", "back to the caller's executor"),
        expectedEnqueues: .perCall(
            0, plusOneWhen: "the actor is busy with another client's call, so the caller waits in its queue",
            because: "a free default actor is taken on the caller's thread, and given up on it for the return"
        ),
        costModel: .unpredicted(
            because: "its context has no queue, so it skips the synchronous dispatch that store-sync, the base of the store's rows, makes on every call: its work is less than any base's"
        )
    ) { configuration in
        try ActorConfinedRepository(container: configuration.makeContainer())
    }
}
