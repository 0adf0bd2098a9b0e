// Baseline: the lab's store called synchronously, one client at a time, through
// `performAndWait`. On an idle serial queue, Dispatch runs a `sync` block on the calling
// thread, so no thread wakes up and no executor changes: what is left is the store's own
// work (objects, the identity map, the SQL). The patterns built on the store are this row
// plus their hops and queue jobs, which is how the cost model reads them.

import NoteStore
import Workload
import RowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public final class StoreSyncRepository: NoteRepository {
    // `NoteContext` is not Sendable; this class is, because it touches the context only in
    // `performAndWait`, on the context's queue. The compiler cannot see that.
    private nonisolated(unsafe) let context: NoteContext
    /// The sync scenario's reader merges this container's saves.
    public let storeContainer: NoteContainer?

    public init(container: NoteContainer) throws {
        context = try container.newContext(name: "store-sync")
        storeContainer = container
    }

    public func importBatch(_ batch: NoteBatch) throws {
        try context.performAndWait { () throws(NoteStoreError) in try context.importBatch(batch) }
    }

    public func snapshot(of id: NoteID) throws -> NoteSnapshot {
        try context.performAndWait { () throws(NoteStoreError) in try context.existingObject(with: id).snapshot }
    }

    public func update(_ id: NoteID, with edit: NoteEdit) throws {
        try context.performAndWait { () throws(NoteStoreError) in try context.apply(edit, to: id) }
    }

    public func title(of id: NoteID) throws -> String {
        try context.performAndWait { () throws(NoteStoreError) in try context.existingObject(with: id).title }
    }

    public func body(of id: NoteID) throws -> String {
        try context.performAndWait { () throws(NoteStoreError) in try context.existingObject(with: id).body }
    }

    public func folderName(of id: NoteID) throws -> String {
        try context.performAndWait { () throws(NoteStoreError) in try context.existingObject(with: id).folder.name }
    }

    public func modified(of id: NoteID) throws -> Date {
        try context.performAndWait { () throws(NoteStoreError) in try context.existingObject(with: id).modified }
    }

    public func listScreen(titles: Int) throws -> ListScreen {
        try context.performAndWait { () throws(NoteStoreError) in try context.listScreen(titles: titles) }
    }

    public func count() throws -> Int {
        try context.performAndWait { () throws(NoteStoreError) in try context.fetchCount() }
    }

    public func checksum() throws -> Checksum {
        try context.performAndWait { () throws(NoteStoreError) in try context.contentChecksum() }
    }

    public func close() {
        context.performAndWait { context.close() }
    }
}

extension RowDescriptor {
    /// `store-sync`: the store's own cost, the base the cost model adds the patterns' hops
    /// and queue jobs to.
    public static let storeSync = RowDescriptor(
        id: .storeSync, kind: .baseline,
        summary: """
            the lab's store through `performAndWait`, one client at a time: the store's own \
            cost, the base the cost model adds each pattern's hops and wake-ups to
            """,
        lessons: [1], clients: .sequential,
        expectedHops: .perCall(0, because: "performAndWait blocks the caller; the block runs on the caller's thread"),
        waitsForTheQueue: true,
        costModel: .base
    ) { configuration in
        try StoreSyncRepository(container: configuration.makeContainer())
    }
}
