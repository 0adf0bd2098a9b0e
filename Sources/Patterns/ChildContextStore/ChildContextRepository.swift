// Row `child-context`: the list reads through a child of the importing context.
//
// A main-queue context whose parent is the background context that imports: each of its
// fetches is served by the parent. Apple's release notes for iOS 10 and macOS 10.12 ("What's
// New in Core Data", Concurrency changes and connection pooling) say that "Nested
// NSManagedObjectContext instances still serialize requests against their parent context":
// a frame's fetch waits, on the main thread, until the parent's queue has finished the save
// it is running. The lab's store has no nested contexts; this row reads as one does, by
// asking the importing context on its queue and waiting (`performAndWait` from the main
// thread, which the store counts as a wait that froze the interface).

import CustomExecutorStore
import NoteStore
import Workload
import RowKit

// snippet: child-context
public actor ChildContextRepository: NoteModelActor, ContextActor {
    public nonisolated let modelExecutor: ContextExecutor
    public let context: NoteContext
    public nonisolated let storeContainer: NoteContainer?
    // The same context, for the main actor's reads: not Sendable, so the compiler cannot see
    // that they are safe, which they are because they use it only inside `performAndWait`,
    // on its own queue.
    private nonisolated(unsafe) let parent: NoteContext

    public init(container: NoteContainer) throws {
        context = try container.newContext(name: "child-context-parent")
        parent = context
        modelExecutor = ContextExecutor(context: context)
        storeContainer = container
    }

    /// The list's read, on the main actor, served by the parent: the main thread waits
    /// until the parent's queue is free, then the parent reads.
    @MainActor
    public func listScreen(titles: Int) throws -> ListScreen {
        try fetchThroughParent(titles: titles)
    }

    private nonisolated func fetchThroughParent(titles: Int) throws -> ListScreen {
        try parent.performAndWait { () throws(NoteStoreError) in try parent.listScreen(titles: titles) }
    }
    // The import's calls are `ContextActor`'s, on the parent's queue.
}
// snippet: end

extension RowID {
    public static let childContext = RowID("child-context")
}

extension RowDescriptor {
    /// `child-context`: the list reads through a child of the importing context.
    public static let childContext = RowDescriptor(
        id: .childContext, kind: .antiPattern,
        summary: """
            the list on the main actor through a child of the importing context, whose every \
            fetch waits for the parent's queue, as nested contexts serialize their requests \
            against their parent (runs where a list renders)
            """,
        lessons: [19],
        expectedHops: .perCall(
            2, because: "into the importing actor: a job on its context's queue", "back to the caller's executor"
        ).listScreen(0, because: "the list's read is the main actor's own, and performAndWait blocks instead of hopping"),
        waitsForTheQueue: true,
        runsOnlyWithAList: true,
        costModel: .unpredicted(because: "the list waits for the import on the main thread, so the row's time is not a base's work plus its hops")
    ) { configuration in
        try ChildContextRepository(container: configuration.makeContainer())
    }
}
