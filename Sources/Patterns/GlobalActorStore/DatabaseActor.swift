// The database's global actor (lesson 5, sources 003 and 004).
//
// A global actor is one actor instance (`shared`) that whole types and functions can be
// isolated to with an attribute. Giving it the executor of a context queue
// (`sharedUnownedExecutor`) makes every `@DatabaseActor` declaration run on that queue,
// where the contexts confined to it may be used synchronously. Isolated types call each
// other with no `await` and no hop: they share one executor.

import NoteStore

// MARK: - DatabaseActor

// snippet: global-actor
@globalActor
public actor DatabaseActor {
    public static let shared = DatabaseActor()

    /// The queue every `@DatabaseActor` job runs on, for the life of the process. Contexts
    /// that `@DatabaseActor` code uses are confined to it: make them with
    /// `container.newContext(name:queue: DatabaseActor.queue)`.
    public static let queue = ContextQueue(label: "notestore.database-actor")

    /// The actor's executor. Process-wide, like the actor: a store is opened and closed
    /// under it many times, and the executor is never replaced.
    public static let executor = ContextExecutor(queue: queue)

    /// What isolated declarations hop to: the queue's executor, not a default actor's.
    public static var sharedUnownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// The same executor for code isolated to the instance (`isolated DatabaseActor`).
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        Self.sharedUnownedExecutor
    }

    private init() {}
}
// snippet: end

// MARK: - Entering the actor from its queue

extension DatabaseActor {
    /// Runs `@DatabaseActor` code synchronously from code that is already on the actor's
    /// queue without the compiler knowing it: a `perform` closure of a context confined to
    /// ``queue``, a dispatch callback. `MainActor.assumeIsolated`, for this actor.
    ///
    /// Stops the process when called anywhere else. The check passes on the queue because
    /// the executor's `checkIsolated` recognises it.
    public static func assumeIsolated<T: Sendable>(
        _ operation: @DatabaseActor () throws -> T,
        file: StaticString = #fileID, line: UInt = #line
    ) rethrows -> T {
        shared.preconditionIsolated("not on the database actor's queue", file: file, line: line)
        // Safe after the check: we are on the actor's executor, which is all the
        // annotation promises. The standard library's `MainActor.assumeIsolated` does the
        // same cast; the two function types differ only in isolation, not in layout.
        return try withoutActuallyEscaping(operation) { operation in
            try unsafeBitCast(operation, to: (() throws -> T).self)()
        }
    }
}
