// Pattern 1: the context's own queue and `perform` closures.
//
// Lesson 1 (sources 002, 004): a context and its objects are not thread-safe; all access
// goes through `perform`, which runs a closure on the context's serial queue. Every call
// below is one job on that queue: the caller suspends, the queue wakes a thread, the
// caller resumes. Only identifiers and snapshots cross back.

import NoteStore
import Workload
import RowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public final class QueuePerformRepository: NoteRepository {
    // `NoteContext` is not Sendable; this class is, because it never touches the context
    // except inside `perform`, on the context's queue. The compiler cannot see that.
    private nonisolated(unsafe) let context: NoteContext
    /// The sync scenario's reader merges this container's saves.
    public let storeContainer: NoteContainer?

    public init(container: NoteContainer) throws {
        context = try container.newContext(name: "queue-perform")
        storeContainer = container
    }

    public func importBatch(_ batch: NoteBatch) async throws {
        try await context.perform { context in try context.importBatch(batch) }
    }

    // snippet: calls
    public func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try await context.perform { context in try context.existingObject(with: id).snapshot }
    }

    public func update(_ id: NoteID, with edit: NoteEdit) async throws {
        try await context.perform { context in try context.apply(edit, to: id) }
    }
    // snippet: end

    public func title(of id: NoteID) async throws -> String {
        try await context.perform { context in try context.existingObject(with: id).title }
    }

    public func body(of id: NoteID) async throws -> String {
        try await context.perform { context in try context.existingObject(with: id).body }
    }

    public func folderName(of id: NoteID) async throws -> String {
        try await context.perform { context in try context.existingObject(with: id).folder.name }
    }

    public func modified(of id: NoteID) async throws -> Date {
        try await context.perform { context in try context.existingObject(with: id).modified }
    }

    public func listScreen(titles: Int) async throws -> ListScreen {
        try await context.perform { context in try context.listScreen(titles: titles) }
    }

    public func count() async throws -> Int {
        try await context.perform { context in try context.fetchCount() }
    }

    public func checksum() async throws -> Checksum {
        try await context.perform { context in try context.contentChecksum() }
    }

    /// Jobs sent to the context's queue so far: one per call of this repository.
    public var queueJobCount: Int { context.queue.jobCount }

    public func close() async throws {
        await context.perform { context in context.close() }
    }
}

extension RowDescriptor {
    /// `queue-perform`: every call is a `perform` closure on the context's queue.
    public static let queuePerform = RowDescriptor(
        id: .queuePerform, kind: .pattern,
        summary: "every call is `context.perform { }` from async code: a continuation and a job on the context's queue",
        lessons: [1],
        expectedHops: .perCall(
            0,
            because: "perform suspends on a continuation and the queue resumes it: a job, not an executor switch"
        ).listScreen(
            2, because: "off the main actor: the method is nonisolated async, so it runs on the global pool",
            "back to the main actor"
        ),
        costModel: .predicted(base: .storeSync)
    ) { configuration in
        try QueuePerformRepository(container: configuration.makeContainer())
    }
}
