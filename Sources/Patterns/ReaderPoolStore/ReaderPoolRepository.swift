// Row `reader-pool`: one writer actor, and reads in parallel on the container's reader pool.
//
// Writes go through one actor whose executor is its context's queue (`custom-executor`'s
// pattern): an update reads and saves in one job, so no other client's write comes between.
// Reads go through `NoteContainer.read`: each is one snapshot on a read-only context of a
// bounded pool (5 readers), so a read waits neither for the writer nor for another read,
// unless every reader is busy. This is what Core Data's background contexts over a store's
// pool of connections, or several SwiftData model actors, amount to; `NoteReaderPool` cites
// Core Data's and GRDB's documentation for it. A pool needs WAL, which an in-memory database
// cannot have (`NoteStoreError.readerPoolNeedsWAL`, whose reasons `NoteContainer.readerPool`
// gives): asked for memory, this row alone works on a temporary file of its own, in WAL
// mode, removed when it closes.

import CustomExecutorStore
import NoteStore
import Workload
import RowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public final class ReaderPoolRepository: NoteRepository {
    private let writer: Writer
    private let container: NoteContainer
    /// The file the row works on when asked for memory, removed at `close()`; nil otherwise.
    package let temporaryDatabase: TemporaryWALFile?
    /// The sync scenario's reader merges the writer's saves.
    public var storeContainer: NoteContainer? { container }

    /// Opens the row on `configuration`'s database: a temporary file of its own when that
    /// is memory, since a pool needs WAL.
    /// - Parameter configuration: The database to work on, and whether to debug
    ///   concurrency.
    /// - Throws: `NoteStoreError.readerPoolNeedsWAL` when the file system refused WAL;
    ///   `.notADatabase` or `.cannotOpen` when the file cannot be opened as a database. The
    ///   temporary file, if any, is removed first.
    public init(configuration: RepositoryConfiguration) throws {
        var configuration = configuration
        if configuration.location == .inMemory {
            let file = TemporaryWALFile(row: "reader-pool")
            configuration.location = .file(file.path)
            temporaryDatabase = file
        } else {
            temporaryDatabase = nil
        }
        do {
            container = try configuration.makeContainer()
            // Refused here, not at the first read, when the file system has no WAL.
            _ = try container.readerPool
            writer = try Writer(container: container)
        } catch {
            temporaryDatabase?.remove()
            throw error
        }
    }

    // MARK: Writes, on the writer

    /// Writes the batch's folders and notes in one save of the writer.
    /// - Parameter batch: The folders and notes to insert, all or none.
    /// - Throws: `NoteStoreError.cancelled` when the task was cancelled before the save;
    ///   `.constraintViolation` for a note that exists already; `.notFound` for a note whose
    ///   folder is neither in the batch nor saved. Nothing of the batch is written.
    public func importBatch(_ batch: NoteBatch) async throws { try await writer.importBatch(batch) }

    /// A read-modify-write: read and saved in one job of the writer, never a read of the pool.
    /// - Parameters:
    ///   - id: The note to edit.
    ///   - edit: The new body, and how far the modification date moves.
    /// - Throws: `NoteStoreError.notFound` when no note has `id`; a failed save's
    ///   `NoteStoreError`, with nothing written.
    public func update(_ id: NoteID, with edit: NoteEdit) async throws { try await writer.update(id, with: edit) }

    // MARK: Reads, each one snapshot of a reader

    /// The saved values of one note, read in one snapshot of a reader.
    /// - Parameter id: The note to read.
    /// - Returns: Its values as the last save before the read left them.
    /// - Throws: `NoteStoreError.notFound` when no note has `id`; `CancellationError` when
    ///   the task is cancelled while it waits for a reader; `NoteStoreError` when a reader
    ///   cannot open its connection or the row is closed.
    public func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try await container.read { try $0.existingObject(with: id).snapshot }
    }

    /// One note's title, read in one snapshot of a reader.
    /// - Parameter id: The note to read.
    /// - Returns: Its title as the last save before the read left it.
    /// - Throws: `NoteStoreError.notFound` when no note has `id`; `CancellationError` when
    ///   the task is cancelled while it waits for a reader; `NoteStoreError` when a reader
    ///   cannot open its connection or the row is closed.
    public func title(of id: NoteID) async throws -> String {
        try await container.read { try $0.existingObject(with: id).title }
    }

    /// One note's body, read in one snapshot of a reader.
    /// - Parameter id: The note to read.
    /// - Returns: Its body as the last save before the read left it.
    /// - Throws: `NoteStoreError.notFound` when no note has `id`; `CancellationError` when
    ///   the task is cancelled while it waits for a reader; `NoteStoreError` when a reader
    ///   cannot open its connection or the row is closed.
    public func body(of id: NoteID) async throws -> String {
        try await container.read { try $0.existingObject(with: id).body }
    }

    /// One note's folder's name, read in one snapshot of a reader.
    /// - Parameter id: The note to read.
    /// - Returns: Its folder's name as the last save before the read left it.
    /// - Throws: `NoteStoreError.notFound` when no note has `id`; `CancellationError` when
    ///   the task is cancelled while it waits for a reader; `NoteStoreError` when a reader
    ///   cannot open its connection or the row is closed.
    public func folderName(of id: NoteID) async throws -> String {
        try await container.read { try $0.existingObject(with: id).folder.name }
    }

    /// One note's modification date, read in one snapshot of a reader.
    /// - Parameter id: The note to read.
    /// - Returns: Its modification date as the last save before the read left it.
    /// - Throws: `NoteStoreError.notFound` when no note has `id`; `CancellationError` when
    ///   the task is cancelled while it waits for a reader; `NoteStoreError` when a reader
    ///   cannot open its connection or the row is closed.
    public func modified(of id: NoteID) async throws -> Date {
        try await container.read { try $0.existingObject(with: id).modified }
    }

    /// The count and the first titles, read together in one snapshot of a reader.
    /// - Parameter titles: How many titles to read, in identifier order.
    /// - Returns: The number of saved notes and their first `titles` titles, as of one
    ///   moment: a save is in both or in neither.
    /// - Throws: `CancellationError` when the task is cancelled while it waits for a
    ///   reader; `NoteStoreError` when SQLite fails the read, a reader cannot open its
    ///   connection or the row is closed.
    public func listScreen(titles: Int) async throws -> ListScreen {
        try await container.read { try $0.listScreen(titles: titles) }
    }

    /// The number of saved notes, read in one snapshot of a reader.
    /// - Returns: How many notes the last save before the read left.
    /// - Throws: `CancellationError` when the task is cancelled while it waits for a
    ///   reader; `NoteStoreError` when SQLite fails the read, a reader cannot open its
    ///   connection or the row is closed.
    public func count() async throws -> Int {
        try await container.read { try $0.fetchCount() }
    }

    /// The checksum of every saved folder and note, read in one snapshot of a reader.
    /// - Returns: What the reference model's checksum must equal.
    /// - Throws: `CancellationError` when the task is cancelled while it waits for a
    ///   reader; `NoteStoreError` when SQLite fails the read, a reader cannot open its
    ///   connection or the row is closed.
    public func checksum() async throws -> Checksum {
        try await container.read { try $0.contentChecksum() }
    }

    // MARK: Closing

    /// Closes the writer's context and the pool's readers, then removes the temporary file,
    /// if any.
    /// - Throws: Nothing in practice: the pool throws only for a database without WAL,
    ///   which `init(configuration:)` refused.
    public func close() async throws {
        defer { temporaryDatabase?.remove() }
        await writer.close()
        try await container.readerPool.close()
    }
}

// MARK: - Writer

/// The one writer: an actor on its context's queue, as `custom-executor`'s is.
actor Writer: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "writer")
        modelExecutor = ContextExecutor(context: context)
    }

    func importBatch(_ batch: NoteBatch) throws { try context.importBatch(batch) }

    func update(_ id: NoteID, with edit: NoteEdit) throws { try context.apply(edit, to: id) }

    func close() { context.close() }
}

// MARK: - The row

extension RowDescriptor {
    /// `reader-pool`: writes on one model actor, reads on the container's pool of readers.
    public static let readerPool = RowDescriptor(
        id: .readerPool, kind: .pattern,
        summary: """
            writes on one `custom-executor`-style actor, reads in parallel on the container's \
            pool of up to five read-only contexts, each read one snapshot (`container.read { \
            }`); asked for memory, it works on a temporary WAL file, removed when it closes
            """,
        lessons: [4],
        expectedHops: HopExpectation(
            reasons: [
                "a write: into the writer actor, a job on its context's queue",
                "a write: back to the caller's executor",
                "a read: none; the pool's read runs on the caller's executor and suspends on a continuation that a job on the reader's queue resumes (when every reader is busy, first on one that a returned reader resumes): a resumed task is a job, not an executor switch",
            ],
            reads: 0, writes: 2
        ).listScreen(2, because: "off it into the nonisolated method, and back to it"),
        costModel: .unpredicted(
            because: "its reads run on several read-only contexts at once, each in a read transaction of its own: its work is not store-sync's"
        )
    ) { configuration in
        try ReaderPoolRepository(configuration: configuration)
    }
}
