// Pattern 4: a global actor whose executor is a context queue.
//
// Lesson 5 (sources 003, 004): `@DatabaseActor` isolates the whole class, and its helper
// `NoteReader`, to one actor whose jobs run on `DatabaseActor.queue`. The context is
// confined to that queue, so isolated code uses it synchronously, and the repository's
// calls into the reader cost nothing: same executor, no hop. From outside, a call costs
// one job on the queue and one return, as with the custom-executor actor.
//
// The executor belongs to the process, not to the store: each bench row opens a context
// on the shared queue, and `close()` lets it go without touching the executor.

import NoteStore
import Workload
import RowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// snippet: isolated-class
@DatabaseActor
public final class GlobalActorRepository: NoteRepository {
    private let context: NoteContext
    private let reader: NoteReader
    /// The sync scenario's reader merges this container's saves.
    public nonisolated let storeContainer: NoteContainer?

    /// Isolated, so callers outside the actor `await` it, and it may create other
    /// `@DatabaseActor` objects synchronously (the compile error of lesson 6 never arises).
    public init(container: NoteContainer) throws {
        context = try container.newContext(name: "global-actor", queue: DatabaseActor.queue)
        reader = NoteReader(context: context)
        storeContainer = container
    }

    public func importBatch(_ batch: NoteBatch) throws {
        try context.importBatch(batch)
    }

    public func snapshot(of id: NoteID) throws -> NoteSnapshot {
        try reader.snapshot(of: id)
    }

    public func update(_ id: NoteID, with edit: NoteEdit) throws {
        try context.apply(edit, to: id)
    }
    // snippet: end

    public func title(of id: NoteID) throws -> String {
        try reader.title(of: id)
    }

    public func body(of id: NoteID) throws -> String {
        try reader.body(of: id)
    }

    public func folderName(of id: NoteID) throws -> String {
        try reader.folderName(of: id)
    }

    public func modified(of id: NoteID) throws -> Date {
        try reader.modified(of: id)
    }

    public func listScreen(titles: Int) throws -> ListScreen {
        try context.listScreen(titles: titles)
    }

    public func count() throws -> Int {
        try context.fetchCount()
    }

    public func checksum() throws -> Checksum {
        try context.contentChecksum()
    }

    public func close() {
        context.close()
    }
}

extension RowDescriptor {
    /// `global-actor`: `@DatabaseActor` types on the context's queue; zero hops between them.
    public static let globalActor = RowDescriptor(
        id: .globalActor, kind: .pattern,
        summary: """
            `@DatabaseActor`, whose shared executor is the context's queue; isolated helper \
            classes call each other with no hop
            """,
        lessons: [5],
        expectedHops: .perCall(
            2,
            because: "into the global actor: a job on its queue", "back to the caller's executor",
            "calls into @DatabaseActor helpers add none: same executor"
        ),
        costModel: .predicted(base: .storeSync)
    ) { configuration in
        try await GlobalActorRepository(container: configuration.makeContainer())
    }
}
