// The mistake of lesson 3 (source 004), kept as a demonstration: not a row of the table.
//
// "Make it an actor and the data race is gone" is half true. The actor does serialise its
// methods, and the compiler is satisfied: this file builds without a single warning. But
// the context is made in `init` on the caller's thread and used in methods on whichever
// pool thread runs the job: never on the context's queue. With concurrency debug on, the
// first use stops the process (the store's trap, lesson 2). With it off, the code seems
// to work, because the actor still serialises its own calls; but anything that uses the
// context the right way, in a `perform` on its queue (as Core Data's own change merging
// does), runs at the same time as an actor method: a data race that corrupts silently.
// `PlainActorRepository` is the fix.

import NoteStore
import Workload

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// WRONG: touches a queue-confined context directly from actor methods.
// snippet: naive
public actor NaivePlainActorRepository: ContextActor {
    // ContextActor's calls use the context directly, which is right only on an actor whose
    // executor is the context's queue. This actor runs on the cooperative pool.
    public let context: NoteContext

    public init(container: NoteContainer) throws {
        context = try container.newContext(name: "naive-plain-actor")
    }

    // The same as ContextActor's, written out for the chapter to show.
    public func importBatch(_ batch: NoteBatch) throws {
        try context.importBatch(batch)  // off the context's queue
    }
    // snippet: end

    /// Refreshes the context the right way, on its queue, and returns at once: work the
    /// context does at a moment of its own choosing, as Core Data's change merging does. The
    /// next method this actor runs touches the context while the queue may still be at it.
    public func refreshOnQueue() {
        context.perform(schedule: { context in context.reset() })
    }
}
