// The custom-executor actor behind a layer of `nonisolated async` helpers.
//
// Every call the actor takes passes its input through one helper, `checked(_:)`, a
// `nonisolated async` function of the kind real code has between an actor and its work
// (validation, logging, a conversion). Where the helper runs is not in this file: it is the
// target's language setting. This file is shared, unchanged, by two targets:
// `NonsendingStore`, built with the `NonisolatedNonsendingByDefault` upcoming feature (the
// helper runs on its caller's executor, the actor's), and `ConcurrentStore`, whose helper
// is `@concurrent` (it leaves the actor for the global pool and comes back).

import CustomExecutorStore
import NoteStore
import Synchronization
import Workload

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public actor HelperLayerRepository: NoteModelActor, ContextActor {
    public nonisolated let modelExecutor: ContextExecutor
    public let context: NoteContext
    /// The sync scenario's reader merges this container's saves.
    public nonisolated let storeContainer: NoteContainer?

    public init(container: NoteContainer, name: String) throws {
        let context = try container.newContext(name: name)
        self.context = context
        self.modelExecutor = ContextExecutor(context: context)
        storeContainer = container
    }


    public func importBatch(_ batch: NoteBatch) async throws { try context.importBatch(await checked(batch)) }

    public func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try context.existingObject(with: await checked(id)).snapshot
    }

    public func update(_ id: NoteID, with edit: NoteEdit) async throws { try context.apply(edit, to: await checked(id)) }

    public func title(of id: NoteID) async throws -> String { try context.existingObject(with: await checked(id)).title }

    public func body(of id: NoteID) async throws -> String { try context.existingObject(with: await checked(id)).body }

    public func folderName(of id: NoteID) async throws -> String {
        try context.existingObject(with: await checked(id)).folder.name
    }

    public func modified(of id: NoteID) async throws -> Date { try context.existingObject(with: await checked(id)).modified }

    public func listScreen(titles: Int) async throws -> ListScreen { try context.listScreen(titles: await checked(titles)) }
}

// MARK: - HelperCalls

/// Calls of the helper: something it does that the optimizer cannot drop, and that tests read.
enum HelperCalls {
    private static let calls = Atomic<Int>(0)
    static var count: Int { calls.load(ordering: .relaxed) }
    static func record() { calls.add(1, ordering: .relaxed) }
}
