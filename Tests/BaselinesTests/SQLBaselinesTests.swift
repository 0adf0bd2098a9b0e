import NoteStore
import Testing
import Workload

@testable import Baselines

/// raw-sqlite and mutex run the workload's SQL with no layer and end at the reference.
@Suite("SQL baselines")
struct SQLBaselinesTests {
    static let rows: [RowDescriptor] = [.rawSQLite, .mutex]

    @Test("Every scenario ends at the reference outcome, with 1 and 4 clients", arguments: [0, 1], Scenario.allCases)
    func endsAtReference(rowIndex: Int, scenario: Scenario) async throws {
        let row = Self.rows[rowIndex]
        for clients in [1, 4] {
            let plan = ScenarioPlan(scenario: scenario, operations: scenario == .importBatch ? 4 : 40, clients: clients, seed: 21)
            let repository = try await row.open(RepositoryConfiguration(location: .inMemory))
            let outcome = try await ScenarioRunner.outcome(of: plan, on: repository, concurrentClients: row.concurrentClients)
            try await repository.close()
            #expect(outcome == ReferenceModel.expectedOutcome(of: plan), "\(row.name), \(clients) clients")
        }
    }

    @Test("A failed import leaves count and checksum as they were", arguments: [0, 1])
    func failedImport(rowIndex: Int) async throws {
        let repository = try await Self.rows[rowIndex].open(RepositoryConfiguration(location: .inMemory))
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 1), on: repository)
        let count = try await repository.count()
        let checksum = try await repository.checksum()
        var fresh = try await repository.snapshot(of: NoteID(1))
        let duplicate = fresh
        fresh.id = NoteID(90_000)
        await #expect(throws: NoteStoreError.self) {
            try await repository.importBatch(NoteBatch(notes: [fresh, duplicate]))
        }
        #expect(try await repository.count() == count)
        #expect(try await repository.checksum() == checksum)
        try await repository.close()
    }

    @Test("raw-sqlite is single-threaded by contract; mutex takes concurrent clients")
    func clientContracts() {
        #expect(!RowDescriptor.rawSQLite.concurrentClients)
        #expect(RowDescriptor.mutex.concurrentClients)
    }
}
