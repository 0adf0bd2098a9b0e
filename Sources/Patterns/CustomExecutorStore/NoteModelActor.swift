// SwiftData's `@ModelActor`, by hand (lesson 4, sources 002 and 004).
//
// The macro gives an actor two things: a `modelExecutor` that runs jobs on the model
// context's queue, and an `unownedExecutor` that points the actor at it. Every job of such
// an actor runs on the context's queue, so the actor's methods use the context directly,
// with no `perform`, and the concurrency-debug checks pass.

import NoteStore

// MARK: - NoteModelActor

/// An actor whose executor is its context's queue: `ModelActor` for ``NoteContext``.
///
/// Conform, store a context and a ``ContextExecutor`` built on that context's queue, and
/// the actor's isolated code may touch the context synchronously.
// snippet: executor
public protocol NoteModelActor: Actor {
    /// The executor every job of the actor runs on: `DefaultSerialModelExecutor`.
    nonisolated var modelExecutor: ContextExecutor { get }
    /// The context the executor serves: `modelContext`.
    var context: NoteContext { get }
}

extension NoteModelActor {
    /// Replaces the default actor executor (SE-0392): this is the one line that moves the
    /// actor from the cooperative pool onto the context's queue.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        modelExecutor.asUnownedSerialExecutor()
    }
}
// snippet: end
