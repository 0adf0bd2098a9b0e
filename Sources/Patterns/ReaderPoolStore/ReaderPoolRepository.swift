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

    public func importBatch(_ batch: NoteBatch) async throws { try await writer.importBatch(batch) }

    /// A read-modify-write: read and saved in one job of the writer, never a read of the pool.
    public func update(_ id: NoteID, with edit: NoteEdit) async throws { try await writer.update(id, with: edit) }

    // MARK: Reads, each one snapshot of a reader

    public func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        try await container.read { try $0.existingObject(with: id).snapshot }
    }

    public func title(of id: NoteID) async throws -> String {
        try await container.read { try $0.existingObject(with: id).title }
    }

    public func body(of id: NoteID) async throws -> String {
        try await container.read { try $0.existingObject(with: id).body }
    }

    public func folderName(of id: NoteID) async throws -> String {
        try await container.read { try $0.existingObject(with: id).folder.name }
    }

    public func modified(of id: NoteID) async throws -> Date {
        try await container.read { try $0.existingObject(with: id).modified }
    }

    public func listScreen(titles: Int) async throws -> ListScreen {
        try await container.read { try $0.listScreen(titles: titles) }
    }

    public func count() async throws -> Int {
        try await container.read { try $0.fetchCount() }
    }

    public func checksum() async throws -> Checksum {
        try await container.read { try $0.contentChecksum() }
    }

    // MARK: Closing

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
        summary: "writes on one model actor, reads on a pool of up to 5 read-only contexts, each one snapshot (a temporary WAL file when asked for memory)",
        lessons: [4],
        expectedHops: HopExpectation(
            reasons: [
                "a write: into the writer actor, a job on its context's queue",
                "a write: back to the caller's executor",
                "a read: none; the pool's read runs on the caller's executor and suspends on a continuation that a job on the reader's queue resumes (when every reader is busy, first on one that a returned reader resumes): a resumed task is a job, not an executor switch",
                "the list's read, from the main actor: off it into the nonisolated method, and back to it",
            ],
            reads: 0, writes: 2, overrides: [.listScreen: 2]
        ),
        costModel: .unpredicted(
            because: "its reads run on several read-only contexts at once, each in a read transaction of its own: its work is not store-sync's"
        )
    ) { configuration in
        try ReaderPoolRepository(configuration: configuration)
    }
}
