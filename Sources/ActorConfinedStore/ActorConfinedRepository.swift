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

public actor ActorConfinedRepository: ContextActor {
    public let context: NoteContext

    public init(container: NoteContainer) throws {
        let context = try container.newContext(name: "actor-confined")
        self.context = context
        context.confine(to: self)
    }
}

extension RowDescriptor {
    /// `actor-confined`: the context belongs to the actor's default executor.
    public static let actorConfined = RowDescriptor(
        name: "actor-confined", kind: .pattern,
        summary: "the context confined to an actor's own default executor, with no queue",
        lessons: [4],
        expectedHops: .perCall(2, because: "into the actor", "back to the caller's executor"),
        expectedEnqueues: .perCall(
            0, plusOneWhen: "the actor is busy with another client's call, so the caller waits in its queue",
            because: "a free default actor is taken on the caller's thread, and given up on it for the return"
        ),
        costModel: .predicted(base: RowDescriptor.storeBase)
    ) { configuration in
        try ActorConfinedRepository(container: configuration.makeContainer())
    }
}
