import Foundation
import NoteStore
import Workload
import RowKit

// MARK: - The package's root

/// The package's root folder, three levels above this file
/// (`Tests/TestSupport/TestSupport.swift`): where the tests read the documents, the sources
/// and the workshop's tracked files.
package let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

// MARK: - TemporaryFolder

/// A folder under the system's temporary directory, removed when the value is released:
/// where every test target keeps the database files it opens.
package final class TemporaryFolder {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("lab-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    package func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

// MARK: - ReferenceRun

/// One run of a row against the reference model: what the row ended with and what the
/// model says it should end with. A test expects them equal.
package struct ReferenceRun: Sendable {
    package let measured: ReferenceModel.Outcome
    package let expected: ReferenceModel.Outcome

    /// Opens `row` on a fresh database at `location` (in memory unless given) in debug mode,
    /// runs `scenario` with `clients` clients as the row runs them, reads the outcome back
    /// and closes the row.
    package init(
        _ row: RowDescriptor, scenario: Scenario, clients: Int, seed: UInt64 = 17,
        location: NoteContainer.Location = .inMemory
    ) async throws {
        // An import is 100 notes, an import beside a list 1,000: a few of either are enough.
        let operations = scenario == .importBatch ? 4 : scenario.definition.frames != nil ? 3 : 40
        let plan = ScenarioPlan(scenario: scenario, operations: operations, clients: clients, seed: seed)
        let repository = try await row.open(RepositoryConfiguration(location: location, concurrencyDebug: true))
        do {
            measured = try await ScenarioRunner.outcome(of: plan, on: repository, clients: row.clients)
            try await repository.close()
        } catch {
            try? await repository.close()
            throw error
        }
        expected = ReferenceModel.expectedOutcome(of: plan)
    }
}
