// Row `view-context`: Core Data's arrangement for a screen during an import.
//
// The import runs on a background model actor (custom-executor's pattern). The list reads the
// container's view context on the main actor, as a list's fetch request reads Core Data's
// `viewContext` or SwiftData's `mainContext`, and the app turns on merging, so the view
// context merges each save (`automaticallyMergesChanges`, Core Data's
// `automaticallyMergesChangesFromParent`).
//
// Apple's release notes for iOS 10 and macOS 10.12 ("What's New in Core Data", Concurrency
// changes and connection pooling) say that with a store in WAL mode, Core Data's default, "a
// UI context can fetch data concurrently with a single background context importing
// changes": each context here has its own connection to a database in WAL mode, so a frame's
// read waits for no save. What the main thread still pays is each merge, which the frames
// table times. The lab's merge updates only the notes the view context holds loaded, none of
// an import's new ones: less than `mergeChanges(fromContextDidSave:)` is documented to do (it
// "faults in any newly-inserted objects"). Apple documents neither what the automatic merge
// does with each inserted object nor what a merge costs.

import CustomExecutorStore
import NoteStore
import Workload
import RowKit

// snippet: view-context
public actor ViewContextRepository: NoteModelActor, ContextActor {
    public nonisolated let modelExecutor: ContextExecutor
    public let context: NoteContext
    private nonisolated let container: NoteContainer
    /// The file the row works on when asked for memory, removed at `close()`.
    private nonisolated let temporaryDatabase: TemporaryWALFile?
    public nonisolated var storeContainer: NoteContainer? { container }

    public init(configuration: RepositoryConfiguration) throws {
        // An in-memory database's connections share one set of table locks: the view
        // context's read would wait for the import's write. Asked for memory, the row works
        // on a temporary file in WAL mode.
        let opened = try TemporaryWALFile.container(for: configuration, row: "view-context")
        do {
            context = try opened.container.newContext(name: "view-context-import")
        } catch {
            opened.temporary?.remove()
            throw error
        }
        container = opened.container
        temporaryDatabase = opened.temporary
        modelExecutor = ContextExecutor(context: context)
    }

    /// The list's read, on the main actor: the view context's own connection, which no save
    /// holds up. Each save's merge is a job of its own on the main queue, between frames.
    @MainActor
    public func listScreen(titles: Int) throws -> ListScreen {
        // Turned on here, at the first frame: the view context is the main actor's, and the
        // row is made off it.
        let view = try container.viewContext
        if !view.automaticallyMergesChanges { view.automaticallyMergesChanges = true }
        return try view.listScreen(titles: titles)
    }
    // The import's calls are `ContextActor`'s, on the importing context's queue.
}
// snippet: end

extension ViewContextRepository {
    public func close() async {
        context.close()
        await MainActor.run { [container] in container.viewContextIfMade?.close() }
        temporaryDatabase?.remove()
    }
}

extension RowID {
    public static let viewContext = RowID("view-context")
}

extension RowDescriptor {
    /// `view-context`: a background model actor imports; the list reads the view context.
    public static let viewContext = RowDescriptor(
        id: .viewContext, kind: .pattern,
        summary: """
            Core Data's arrangement for a screen: the import on a background model actor, the \
            list on the main actor through the view context, on a connection of its own, with \
            merging turned on (runs where a list renders)
            """,
        lessons: [15, 19],
        expectedHops: .perCall(
            2, because: "into the importing actor: a job on its context's queue", "back to the caller's executor"
        ).listScreen(0, because: "the list's read is the main actor's own: no hop"),
        runsOnlyWithAList: true,
        costModel: .unpredicted(because: "the list reads the view context beside the import, so the row's time is not a base's work plus its hops")
    ) { configuration in
        try ViewContextRepository(configuration: configuration)
    }
}
