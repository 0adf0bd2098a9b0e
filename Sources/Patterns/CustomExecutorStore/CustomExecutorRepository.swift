// Pattern 3: an actor whose executor is the context's queue.
//
// Lesson 4 (sources 002, 004): a custom actor executor (SE-0392) runs each of the actor's
// jobs on the context's serial queue, so the actor's methods touch the context
// synchronously: no `perform`, no closures, no extra hop. A call costs one job on the
// queue (into the actor) and one return to the caller; this is what SwiftData's
// `@ModelActor` generates. The conformance to `NoteModelActor` is the whole pattern.

import NoteStore
import Workload
import RowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// snippet: model-actor
public actor CustomExecutorRepository: NoteModelActor, NoteRepository {
    public nonisolated let modelExecutor: ContextExecutor
    public let context: NoteContext
    /// The sync scenario's reader merges this container's saves.
    public nonisolated let storeContainer: NoteContainer?

    /// Runs on the caller's thread, as a nonisolated actor init does: it makes the context
    /// and its executor but leaves the context alone. The isolated methods use it, on its queue.
    public init(container: NoteContainer) throws {
        let context = try container.newContext(name: "custom-executor")
        self.context = context
        self.modelExecutor = ContextExecutor(context: context)
        storeContainer = container
    }

    public func importBatch(_ batch: NoteBatch) throws {
        try context.importBatch(batch)
    }
    // snippet: end

    public func snapshot(of id: NoteID) throws -> NoteSnapshot {
        try context.existingObject(with: id).snapshot
    }

    public func update(_ id: NoteID, with edit: NoteEdit) throws {
        try context.apply(edit, to: id)
    }

    public func title(of id: NoteID) throws -> String {
        try context.existingObject(with: id).title
    }

    public func body(of id: NoteID) throws -> String {
        try context.existingObject(with: id).body
    }

    public func folderName(of id: NoteID) throws -> String {
        try context.existingObject(with: id).folder.name
    }

    public func modified(of id: NoteID) throws -> Date {
        try context.existingObject(with: id).modified
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
    /// `custom-executor`: the actor's jobs run on the context's queue, as `@ModelActor`'s do.
    public static let customExecutor = RowDescriptor(
        id: .customExecutor, kind: .pattern,
        summary: "an actor whose SerialExecutor is the context's queue (@ModelActor by hand)",
        lessons: [4],
        expectedHops: .perCall(
            2,
            because: "into the actor: a job on the context's queue", "back to the caller's executor"
        ),
        costModel: .predicted(base: .storeSync)
    ) { configuration in
        try CustomExecutorRepository(container: configuration.makeContainer())
    }
}
