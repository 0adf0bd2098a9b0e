import Baselines
import Foundation
import NoteStore
import TestSupport
import Testing
import Workload
import RowKit

/// The grdb peer: GRDB's `DatabaseQueue` running the store's SQL must end exactly where the
/// reference model ends, fail the way the store fails, and leave nothing behind.
@Suite("GRDB repository")
struct GRDBRepositoryTests {
    // MARK: Same work

    @Test("Each scenario ends with the reference checksum, reads and count", arguments: Scenario.allCases, [1, 4])
    func endsAtReference(scenario: Scenario, clients: Int) async throws {
        let run = try await ReferenceRun(.grdb, scenario: scenario, clients: clients, seed: 23)
        #expect(run.measured == run.expected)
    }

    @Test("A file database ends where memory does, and is in WAL mode like the other rows' files")
    func fileDatabase() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("grdb.sqlite")
        let plan = ScenarioPlan(scenario: .mixed, operations: 40, clients: 4, seed: 29)
        let repository = try GRDBRepository(location: .file(path))
        try await ScenarioRunner.prepare(plan, on: repository)
        let reads = try await ScenarioRunner.run(plan, on: repository)
        // A rollback journal is deleted at each commit; a WAL file stays while the
        // connection is open: its presence says `prepareDatabase` set WAL.
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let outcome = try await ScenarioRunner.outcome(reads: reads, on: repository)
        try await repository.close()
        #expect(outcome == ReferenceModel.expectedOutcome(of: plan))
    }

    // MARK: Failures

    @Test("A missing note or folder is reported as notFound")
    func missingNote() async throws {
        let repository = try GRDBRepository(location: .inMemory)
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 1), on: repository)
        await #expect(throws: NoteStoreError.notFound("note 999999")) {
            _ = try await repository.snapshot(of: NoteID(999_999))
        }
        await #expect(throws: NoteStoreError.notFound("note 999999")) {
            _ = try await repository.folderName(of: NoteID(999_999))
        }
        await #expect(throws: NoteStoreError.notFound("note 999999")) {
            try await repository.update(NoteID(999_999), with: NoteEdit(body: "lost", modifiedAdvance: 1))
        }
        try await repository.close()
    }

    @Test("A batch that breaks the schema writes nothing: one transaction")
    func failedImportWritesNothing() async throws {
        let plan = ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 5)
        let repository = try GRDBRepository(location: .inMemory)
        try await ScenarioRunner.prepare(plan, on: repository)
        let before = try await repository.checksum()
        let existing = try await repository.snapshot(of: NoteID(1))
        var fresh = existing
        fresh.id = NoteID(5_000)
        // The fresh note comes first, so it is written before the duplicate fails.
        let batch = NoteBatch(notes: [fresh, existing])
        await #expect {
            try await repository.importBatch(batch)
        } throws: { error in
            guard case NoteStoreError.constraintViolation = error else { return false }
            return true
        }
        #expect(try await repository.checksum() == before)
        #expect(try await repository.count() == ScenarioPlan.seededNoteCount)
        try await repository.close()
    }

    @Test("A file that is not a database is reported as such")
    func notADatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("not-a-database.sqlite")
        try Data(repeating: 0x2A, count: 4_096).write(to: URL(fileURLWithPath: path))
        #expect(throws: NoteStoreError.notADatabase(path: path)) {
            _ = try GRDBRepository(location: .file(path))
        }
    }

    // MARK: Teardown

    @Test("Closing and releasing the repository frees it")
    func closeReleases() async throws {
        weak var released: GRDBRepository?
        do {
            let repository = try GRDBRepository(location: .inMemory)
            released = repository
            try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
            _ = try await repository.snapshot(of: NoteID(1))
            try await repository.close()
        }
        #expect(released == nil)
    }

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
    }
}
