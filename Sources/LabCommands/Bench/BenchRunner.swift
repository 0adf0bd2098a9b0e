import Foundation
import NoteStore
import Workload

// MARK: - BenchRunner

/// Runs every scenario through every row and collects one result per cell.
///
/// For each row: a warm-up run, then `runs` measured runs, each on a fresh database with
/// the setup data written first (not measured). Only `ScenarioRunner.run` is timed. The
/// outcome of every run (database checksum, digest of every read, note count) is compared
/// with the reference model's.
struct BenchRunner: Sendable {
    let settings: BenchSettings
    let progress: Progress

    func run() async throws -> BenchReport {
        let database = try BenchDatabase(location: settings.database)
        defer { database.removeAll() }
        var scenarios: [BenchReport.ScenarioResult] = []
        for scenario in settings.scenarios {
            scenarios.append(try await measure(scenario, database: database))
        }
        progress.clear()
        return BenchReport(
            date: Date(), machine: .current, command: settings.commandLine,
            database: settings.database.description, runs: settings.runs, seed: settings.seed,
            scenarios: scenarios
        )
    }

    private func measure(_ scenario: Scenario, database: BenchDatabase) async throws -> BenchReport.ScenarioResult {
        let plan = ScenarioPlan(
            scenario: scenario, operations: settings.operations(for: scenario),
            clients: settings.clients(for: scenario), seed: settings.seed
        )
        let warmUp = ScenarioPlan(
            scenario: scenario, operations: settings.warmUpOperations(for: scenario),
            clients: settings.clients(for: scenario), seed: settings.seed &+ 1
        )
        let expected = ReferenceModel.expectedOutcome(of: plan)
        var rows: [BenchReport.RowResult] = []
        for row in settings.rows {
            do {
                _ = try await measureOnce(row, plan: warmUp, database: database, label: "\(scenario.rawValue) · \(row.name) · warm-up")
                var runs: [RunMeasurement] = []
                for run in 1...settings.runs {
                    let label = "\(scenario.rawValue) · \(row.name) · run \(run)/\(settings.runs)"
                    runs.append(try await measureOnce(row, plan: plan, database: database, label: label))
                }
                rows.append(.init(row: row, operations: plan.operationCount, runs: runs, expected: expected))
            } catch {
                rows.append(.init(row: row, failure: "\(error)"))
            }
        }
        return .init(
            scenario: scenario, operations: plan.operationCount, clients: plan.clients.count,
            expectedChecksum: expected.checksum, rows: rows
        )
    }

    /// One run on a fresh database: open, write the setup, measure, read back, close.
    private func measureOnce(
        _ row: RowDescriptor, plan: ScenarioPlan, database: BenchDatabase, label: String
    ) async throws -> RunMeasurement {
        progress.show(label)
        let location = try database.fresh(for: row.name, run: 0)
        defer { database.discard(location) }
        let repository = try await row.open(RepositoryConfiguration(location: location))
        do {
            try await ScenarioRunner.prepare(plan, on: repository)
            let dispatchesBefore = ContextQueue.dispatchCount
            let clock = ContinuousClock()
            let start = clock.now
            let reads = try await ScenarioRunner.run(plan, on: repository, concurrentClients: row.concurrentClients)
            let elapsed = clock.now - start
            let dispatches = ContextQueue.dispatchCount - dispatchesBefore
            let outcome = try await ScenarioRunner.outcome(reads: reads, on: repository)
            try await repository.close()
            return RunMeasurement(elapsed: elapsed, queueDispatches: dispatches, outcome: outcome)
        } catch {
            try? await repository.close()
            throw error
        }
    }
}

// MARK: - RunMeasurement

/// What one measured run produced.
struct RunMeasurement: Sendable {
    var elapsed: Duration
    var queueDispatches: Int
    var outcome: ReferenceModel.Outcome

    var seconds: Double {
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
