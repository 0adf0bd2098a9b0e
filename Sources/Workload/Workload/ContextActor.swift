import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - ContextActor

/// An actor that owns a context its isolated code uses directly.
///
/// The repository's calls come with it, each one isolated to the actor and each one a
/// synchronous use of ``context``. That is right only where the actor's executor runs on
/// the context's queue (`custom-executor`) or the context is confined to the actor
/// (`NoteContext/confine(to:)`, `actor-confined`): a row whose point is where the actor
/// runs states only that. The compiler cannot check it: an actor on the default executor
/// that adopts this protocol compiles without a warning and uses its context off the
/// queue (`NaivePlainActorRepository`, lesson 3). An actor on the default executor reaches
/// its context through `perform` instead (``PerformingActor``).
public protocol ContextActor: Actor, NoteRepository {
    /// The context, which the actor's isolated code may use directly.
    var context: NoteContext { get }
}

extension ContextActor {
    // snippet: calls
    public func importBatch(_ batch: NoteBatch) throws { try context.importBatch(batch) }

    public func snapshot(of id: NoteID) throws -> NoteSnapshot { try context.existingObject(with: id).snapshot }

    public func update(_ id: NoteID, with edit: NoteEdit) throws { try context.apply(edit, to: id) }
    // snippet: end

    public func title(of id: NoteID) throws -> String { try context.existingObject(with: id).title }

    public func body(of id: NoteID) throws -> String { try context.existingObject(with: id).body }

    public func folderName(of id: NoteID) throws -> String { try context.existingObject(with: id).folder.name }

    public func modified(of id: NoteID) throws -> Date { try context.existingObject(with: id).modified }

    public func listScreen(titles: Int) throws -> ListScreen { try context.listScreen(titles: titles) }

    public func count() throws -> Int { try context.fetchCount() }

    public func checksum() throws -> Checksum { try context.contentChecksum() }

    public func close() { context.close() }
}

// MARK: - PerformingActor

/// An actor that owns a context but does not run on its queue, so every use of the context
/// is a `perform` closure: the actor serialises its callers, `perform` reaches the queue.
///
/// The repository's calls come with it, each one isolated to the actor and each one a
/// single `perform` job on the context's queue (`plain-actor`, lesson 3).
public protocol PerformingActor: Actor, NoteRepository {
    /// The context, which the actor's isolated code uses only inside `perform`.
    var context: NoteContext { get }
}

extension PerformingActor {
    // snippet: performing-calls
    public func importBatch(_ batch: NoteBatch) async throws {
        try await context.perform { context in try context.importBatch(batch) }
    }

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

    public func close() async throws {
        await context.perform { context in context.close() }
    }
}
