import Support
import NoteStore
import TestSupport
import Bench
import Testing
import Workload

@testable import LabCommands
import RowKit

/// Every row runs every scenario and ends exactly where the reference model ends.
@Suite("Every row does the same work")
struct RowConformanceTests {
    static let rows = RowCatalog.all.map(Row.init)

    @Test("Each scenario ends with the reference checksum, reads and count", arguments: rows, Scenario.allCases)
    func endsAtReference(row: Row, scenario: Scenario) async throws {
        for clients in [1, 4] {
            let plan = ScenarioPlan(scenario: scenario, operations: scenario == .importBatch ? 6 : 48, clients: clients, seed: 7)
            let repository = try await row.descriptor.open(
                RepositoryConfiguration(location: .inMemory, concurrencyDebug: true)
            )
            let outcome = try await ScenarioRunner.outcome(of: plan, on: repository, clients: row.descriptor.clients)
            try await repository.close()
            #expect(outcome == ReferenceModel.expectedOutcome(of: plan), "\(row) with \(clients) clients")
        }
    }

    @Test("A file database gives the same checksum as memory", arguments: rows)
    func fileMatchesMemory(row: Row) async throws {
        let plan = ScenarioPlan(scenario: .mixed, operations: 40, clients: 4, seed: 11)
        let folder = try TemporaryFolder()
        let repository = try await row.descriptor.open(
            RepositoryConfiguration(location: .file(folder.path("\(row).sqlite")), concurrencyDebug: true)
        )
        let outcome = try await ScenarioRunner.outcome(of: plan, on: repository, clients: row.descriptor.clients)
        try await repository.close()
        #expect(outcome == ReferenceModel.expectedOutcome(of: plan))
    }

    @Test("A missing note is reported as notFound by every row", arguments: rows)
    func missingNote(row: Row) async throws {
        let repository = try await row.descriptor.open(RepositoryConfiguration(location: .inMemory, concurrencyDebug: true))
        let plan = ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 1)
        try await ScenarioRunner.prepare(plan, on: repository)
        await #expect(throws: NoteStoreError.notFound("note 999999")) {
            _ = try await repository.snapshot(of: NoteID(999_999))
        }
        try await repository.close()
    }

    @Test("Row names are the fixed names of the design")
    func rowNames() {
        #expect(RowCatalog.all.map(\.name) == [
            "queue-perform", "plain-actor", "custom-executor", "global-actor", "actor-per-object",
            "task-executor", "actor-confined", "thread-executor", "nonsending", "concurrent",
            "store-sync", "raw-sqlite", "mutex", "grdb",
        ])
    }

    /// A row as a test argument, shown by its name.
    struct Row: Sendable, CustomTestStringConvertible, CustomStringConvertible {
        let descriptor: RowDescriptor
        var testDescription: String { descriptor.name }
        var description: String { descriptor.name }
    }
}
