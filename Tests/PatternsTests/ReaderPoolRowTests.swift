import Foundation
import NoteStore
import ReaderPoolStore
import RowKit
import TestSupport
import Testing
import Workload

/// The reader-pool row: writes on one model actor, reads on the container's reader pool.
@Suite("Reader pool row")
struct ReaderPoolRowTests {
    @Test("Asked for memory, the row works on a temporary WAL file of its own, removed when it closes")
    func memoryIsATemporaryFile() async throws {
        let opened = try await RowDescriptor.readerPool.open(RepositoryConfiguration(location: .inMemory))
        let repository = try #require(opened as? ReaderPoolRepository)
        let path = try #require(repository.temporaryDatabase).path
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(repository.storeContainer?.locationDescription.contains(path) == true)
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
        #expect(try await repository.count() == ScenarioPlan.seededNoteCount)
        try await repository.close()
        for suffix in ["", "-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(path + suffix)")
        }
    }

    @Test("Asked for a file, the row works on that file and removes nothing")
    func fileIsKept() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("reader-pool.sqlite")
        let opened = try await RowDescriptor.readerPool.open(RepositoryConfiguration(location: .file(path)))
        let repository = try #require(opened as? ReaderPoolRepository)
        #expect(repository.temporaryDatabase == nil)
        try await repository.close()
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("Every read is one read of the pool; an update is none, and the next read sees it")
    func readsGoThroughThePool() async throws {
        let opened = try await RowDescriptor.readerPool.open(RepositoryConfiguration(location: .inMemory, concurrencyDebug: true))
        let repository = try #require(opened as? ReaderPoolRepository)
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
        let pool = try #require(try repository.storeContainer?.readerPool)
        let before = pool.counts.reads
        let id = NoteID(2)
        let read = try await repository.snapshot(of: id)
        _ = try await repository.title(of: id)
        _ = try await repository.body(of: id)
        _ = try await repository.folderName(of: id)
        _ = try await repository.modified(of: id)
        #expect(pool.counts.reads == before + 5)
        try await repository.update(id, with: NoteEdit(body: "edited", modifiedAdvance: 1))
        #expect(pool.counts.reads == before + 5, "the update read on the writer")
        #expect(try await repository.body(of: id) == "edited")
        #expect(try await repository.modified(of: id) > read.modified)
        #expect(pool.counts.readsBehindWrites == 0)
        try await repository.close()
    }
}
