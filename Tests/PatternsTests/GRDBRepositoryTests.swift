import Baselines
import Foundation
import NoteStore
import RowKit
import TestSupport
import Testing
import Workload

/// The grdb peers: GRDB's `DatabaseQueue` (grdb) and `DatabasePool` (grdb-pool) running the
/// store's SQL, their files in WAL mode like the other rows'. That they end where the
/// reference model ends, fail the way the store fails and leave nothing behind, the
/// conformance suite checks for every row.
@Suite("GRDB repository")
struct GRDBRepositoryTests {
    @Test("A file database ends where memory does, and is in WAL mode like the other rows' files")
    func fileDatabase() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("grdb.sqlite")
        try await Self.runAndClose(try GRDBRepository(location: .file(path)), databaseAt: path, seed: 29)
    }

    /// Runs a small mixed plan on `repository`, whose database is at `path`, expects it in
    /// WAL mode while open and where the reference model ends, and closes it.
    static func runAndClose(_ repository: GRDBRepository, databaseAt path: String, seed: UInt64) async throws {
        let plan = ScenarioPlan(scenario: .mixed, operations: 40, clients: 4, seed: seed)
        try await ScenarioRunner.prepare(plan, on: repository)
        let reads = try await ScenarioRunner.run(plan, on: repository)
        // A rollback journal is deleted at each commit; a WAL file stays while the
        // connection is open: its presence says `prepareDatabase` set WAL.
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let outcome = try await ScenarioRunner.outcome(reads: reads, on: repository)
        try await repository.close()
        #expect(outcome == ReferenceModel.expectedOutcome(of: plan))
    }

    // MARK: The pool

    @Test("A pool asked for memory works on a temporary file in WAL mode, and removes it with its companions at close")
    func poolInMemory() async throws {
        let repository = try GRDBRepository(location: .inMemory, connection: .pool)
        let path = try #require(repository.temporaryFile).path
        #expect(FileManager.default.fileExists(atPath: path))
        try await Self.runAndClose(repository, databaseAt: path, seed: 29)
        for suffix in ["", "-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(path + suffix) is still there")
        }
    }

    @Test("A pool on a file works on that file, in WAL mode, and leaves it in place at close")
    func poolOnFile() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("grdb-pool.sqlite")
        let repository = try GRDBRepository(location: .file(path), connection: .pool)
        #expect(repository.temporaryFile == nil)
        try await Self.runAndClose(repository, databaseAt: path, seed: 31)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    // MARK: The row's declaration

    @Test("The peer row is named and declared as the design says")
    func descriptor() {
        let row = RowDescriptor.grdb
        #expect(row.name == "grdb")
        #expect(row.kind == .peer)
        #expect(row.lessons.isEmpty)
        #expect(row.concurrentClients)
        for call in RepositoryCall.allCases {
            #expect(row.expectedHops?.hops(call) == 1...1, "\(call)")
        }
        // From the main actor, the nonisolated method leaves it and comes back.
        #expect(row.expectedHops?.listFromTheMainActor == 3...3)
    }

    @Test("The pool row is declared as the design says: three counted hops per read, one per write")
    func poolDescriptor() {
        let row = RowDescriptor.grdbPool
        #expect(row.name == "grdb-pool")
        #expect(row.kind == .peer)
        #expect(row.lessons.isEmpty)
        #expect(row.concurrentClients)
        for call in RepositoryCall.allCases {
            #expect(row.expectedHops?.hops(call) == (call.writes ? 1...1 : 3...3), "\(call)")
        }
        #expect(row.expectedHops?.listFromTheMainActor == 5...5, "from the main actor: off it first, back at the end")
    }
}
