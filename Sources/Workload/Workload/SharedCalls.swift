import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - The calls, written once for each way a row reaches its data

// A row adopts the protocol that says how it reaches its data and writes only what it does
// differently: an actor that uses its context directly (`ContextActor`), an actor that
// reaches it through `perform` (`PerformingActor`), a class that hands each call to
// `perform` (`PerformingRepository`) or to `performAndWait` (`PerformAndWaitRepository`), a
// repository that passes calls on to another (`ForwardingRepository`). A new call of
// `NoteRepository` is written here, once for each; the rows that answer it in a way of
// their own (their own SQL, a pool of readers, an actor per note, a helper on every call)
// write it themselves.

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

// MARK: - PerformingRepository

/// A repository that is no actor and owns a context, and reaches it only through
/// ``perform(_:)``: the one way in, which hands the body to the context's queue.
///
/// The repository's calls come with it, each one a single `perform` job on the context's
/// queue, run on the generic executor: a `nonisolated async` method (`queue-perform`,
/// lesson 1). The conforming type keeps its context to itself: `perform` lends it to a body
/// on its queue, and never to the caller.
public protocol PerformingRepository: NoteRepository {
    /// Runs `body` on the context's queue with the context, as one job, and returns what it
    /// returns (`NoteContext/perform(_:)`).
    func perform<T: Sendable, E: Error>(_ body: sending @escaping (NoteContext) throws(E) -> T) async throws(E) -> T
}

extension PerformingRepository {
    // Inlinable, so that the row's module specialises each call for its own type and
    // inlines its `perform`: the call then costs what one written in the row does. Left
    // generic, each call is one async frame more, and a larger one, on its task's stack
    // (measured: one more allocation, of 1 KiB, per client task of the mixed scenario).
    // snippet: queue-perform-calls
    @inlinable public func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try await perform { context in try context.existingObject(with: id).snapshot }
    }

    @inlinable public func update(_ id: NoteID, with edit: NoteEdit) async throws {
        try await perform { context in try context.apply(edit, to: id) }
    }
    // snippet: end

    @inlinable public func importBatch(_ batch: NoteBatch) async throws {
        try await perform { context in try context.importBatch(batch) }
    }

    @inlinable public func title(of id: NoteID) async throws -> String {
        try await perform { context in try context.existingObject(with: id).title }
    }

    @inlinable public func body(of id: NoteID) async throws -> String {
        try await perform { context in try context.existingObject(with: id).body }
    }

    @inlinable public func folderName(of id: NoteID) async throws -> String {
        try await perform { context in try context.existingObject(with: id).folder.name }
    }

    @inlinable public func modified(of id: NoteID) async throws -> Date {
        try await perform { context in try context.existingObject(with: id).modified }
    }

    @inlinable public func listScreen(titles: Int) async throws -> ListScreen {
        try await perform { context in try context.listScreen(titles: titles) }
    }

    @inlinable public func count() async throws -> Int {
        try await perform { context in try context.fetchCount() }
    }

    @inlinable public func checksum() async throws -> Checksum {
        try await perform { context in try context.contentChecksum() }
    }

    @inlinable public func close() async throws {
        await perform { context in context.close() }
    }
}

// MARK: - PerformAndWaitRepository

/// A repository that is no actor and owns a context, and reaches it only through
/// ``performAndWait(_:)``: the caller blocks while the body runs on the context's queue.
///
/// The repository's calls come with it, each one synchronous (`store-sync`, the store's own
/// cost). The conforming type keeps its context to itself, as ``PerformingRepository`` does.
public protocol PerformAndWaitRepository: NoteRepository {
    /// Runs `body` on the context's queue with the context, and returns what it returns
    /// when it has run (`NoteContext/performAndWait(_:)`).
    func performAndWait<T, E: Error>(_ body: (NoteContext) throws(E) -> T) throws(E) -> T
}

extension PerformAndWaitRepository {
    // Inlinable, so that the row's module specialises each call for its own type: the
    // store's own cost, which the cost model starts from, pays no generic dispatch.
    @inlinable public func importBatch(_ batch: NoteBatch) throws {
        try performAndWait { context throws(NoteStoreError) in try context.importBatch(batch) }
    }

    @inlinable public func snapshot(of id: NoteID) throws -> NoteSnapshot {
        try performAndWait { context throws(NoteStoreError) in try context.existingObject(with: id).snapshot }
    }

    @inlinable public func update(_ id: NoteID, with edit: NoteEdit) throws {
        try performAndWait { context throws(NoteStoreError) in try context.apply(edit, to: id) }
    }

    @inlinable public func title(of id: NoteID) throws -> String {
        try performAndWait { context throws(NoteStoreError) in try context.existingObject(with: id).title }
    }

    @inlinable public func body(of id: NoteID) throws -> String {
        try performAndWait { context throws(NoteStoreError) in try context.existingObject(with: id).body }
    }

    @inlinable public func folderName(of id: NoteID) throws -> String {
        try performAndWait { context throws(NoteStoreError) in try context.existingObject(with: id).folder.name }
    }

    @inlinable public func modified(of id: NoteID) throws -> Date {
        try performAndWait { context throws(NoteStoreError) in try context.existingObject(with: id).modified }
    }

    @inlinable public func listScreen(titles: Int) throws -> ListScreen {
        try performAndWait { context throws(NoteStoreError) in try context.listScreen(titles: titles) }
    }

    @inlinable public func count() throws -> Int {
        try performAndWait { context throws(NoteStoreError) in try context.fetchCount() }
    }

    @inlinable public func checksum() throws -> Checksum {
        try performAndWait { context throws(NoteStoreError) in try context.contentChecksum() }
    }

    @inlinable public func close() {
        performAndWait { context in context.close() }
    }
}

// MARK: - ForwardingRepository

/// A repository that passes every call on to another (``wrapped``) and writes only the calls
/// it changes: a row that adds something around another row's calls, a test double that
/// counts, delays or spoils some of them.
package protocol ForwardingRepository: NoteRepository {
    /// The repository every call goes to unless the conforming type writes it.
    var wrapped: any NoteRepository { get }
}

extension ForwardingRepository {
    package func importBatch(_ batch: NoteBatch) async throws { try await wrapped.importBatch(batch) }

    package func snapshot(of id: NoteID) async throws -> NoteSnapshot { try await wrapped.snapshot(of: id) }

    package func update(_ id: NoteID, with edit: NoteEdit) async throws { try await wrapped.update(id, with: edit) }

    package func title(of id: NoteID) async throws -> String { try await wrapped.title(of: id) }

    package func body(of id: NoteID) async throws -> String { try await wrapped.body(of: id) }

    package func folderName(of id: NoteID) async throws -> String { try await wrapped.folderName(of: id) }

    package func modified(of id: NoteID) async throws -> Date { try await wrapped.modified(of: id) }

    package func listScreen(titles: Int) async throws -> ListScreen { try await wrapped.listScreen(titles: titles) }

    package func count() async throws -> Int { try await wrapped.count() }

    package func checksum() async throws -> Checksum { try await wrapped.checksum() }

    package func close() async throws { try await wrapped.close() }

    /// The wrapped repository's: the sync scenario's reader merges its saves.
    package var storeContainer: NoteContainer? { wrapped.storeContainer }
}
