import Foundation
import Harness
import NoteStore
import Workload

// MARK: - BenchRunner

/// Runs every scenario through every row and collects one result per cell.
///
/// For each row: a warm-up run, then `runs` measured runs, each on a fresh database with
/// the setup data written first (not measured). Only `ScenarioRunner.run` is timed and
/// metered. After each run the repository is closed and released, and the meters read
/// what it left behind. The outcome of every run (database checksum, digest of every
/// read, note count) is compared with the reference model's.
struct BenchRunner: Sendable {
    let settings: BenchSettings
    let progress: Progress

    /// The whole report: the meter check, the hop costs, every scenario, and, when asked,
    /// the target checks.
    func run(checkingTargets: Bool = false) async throws -> BenchReport {
        let clock = ContinuousClock()
        let start = clock.now
        progress.show("checking the hop meter against its oracles")
        let oracles = settings.meters && HopMeter.isAvailable ? await HopOracle.run() : []
        progress.show("measuring the cost of one hop and one queue dispatch")
        let costs = await HopCosts.measure()
        var report = BenchReport(
            date: Date(), machine: .current, command: settings.commandLine,
            database: settings.database.description, runs: settings.runs, seed: settings.seed,
            meters: settings.meters, oracles: oracles, costs: costs, scenarios: try await measureScenarios()
        )
        if checkingTargets {
            report.targets = try await TargetChecks(settings: settings, progress: progress)
                .evaluate(report, elapsed: clock.now - start)
        }
        progress.clear()
        return report
    }

    /// Every scenario of the settings through every row.
    func measureScenarios() async throws -> [BenchReport.ScenarioResult] {
        let database = try BenchDatabase(location: settings.database)
        defer { database.removeAll() }
        var scenarios: [BenchReport.ScenarioResult] = []
        for scenario in settings.scenarios {
            scenarios.append(try await measure(scenario, database: database))
        }
        return scenarios
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
                progress.show("\(scenario.rawValue) · \(row.name) · warm-up")
                _ = try await measureOnce(row, plan: warmUp, database: database)
                var runs: [RunMeasurement] = []
                for run in 1...settings.runs {
                    progress.show("\(scenario.rawValue) · \(row.name) · run \(run)/\(settings.runs)")
                    runs.append(try await measureOnce(row, plan: plan, database: database))
                }
                rows.append(.init(row: row, plan: plan, runs: runs, expected: expected))
            } catch {
                rows.append(.init(row: row, failure: "\(error)"))
            }
        }
        return .init(
            scenario: scenario, operations: plan.operationCount, clients: plan.clients.count,
            expectedChecksum: expected.checksum, rows: rows
        )
    }

    /// One run on a fresh database, then what the row left behind once released.
    ///
    /// Leaked bytes are the live bytes after teardown minus those before the row opened,
    /// less what the leak check itself holds; the run's latency histograms are reduced to
    /// their percentiles (no heap) before the last reading.
    private func measureOnce(_ row: RowDescriptor, plan: ScenarioPlan, database: BenchDatabase) async throws -> RunMeasurement {
        let location = try database.fresh(for: row.name, run: 0)
        defer { database.discard(location) }
        let liveBefore = AllocationMeter.read()?.liveBytes
        var (measurement, leakCheck, checkBytes) = try await runAndClose(row, plan: plan, location: location)
        // The repository is released now: whatever the check still finds alive once the
        // last queued closures are gone leaked.
        await leakCheck.settle()
        if let liveBefore, let liveAfter = AllocationMeter.read()?.liveBytes {
            measurement.leakedBytes = Int64(bitPattern: liveAfter &- liveBefore &- checkBytes)
        }
        measurement.leaks = leakCheck.report()
        return measurement
    }

    /// Opens the row, runs the plan under the meters, closes the row, and returns with no
    /// reference to it left but the leak check's weak ones (and the bytes the check holds).
    private func runAndClose(
        _ row: RowDescriptor, plan: ScenarioPlan, location: NoteContainer.Location
    ) async throws -> (RunMeasurement, LeakCheck, checkBytes: UInt64) {
        let repository = try await row.open(RepositoryConfiguration(location: location))
        do {
            try await ScenarioRunner.prepare(plan, on: repository)
            let meters = settings.meters
            let dispatchesBefore = ContextQueue.dispatchCount
            let allocationsBefore = meters ? AllocationMeter.read() : nil
            if meters { HopMeter.setEnabled(true) }
            let hopsBefore = HopMeter.read()
            let clock = ContinuousClock()
            let start = clock.now
            let (reads, latency) = try await runPlan(plan, on: repository, concurrentClients: row.concurrentClients)
            let elapsed = clock.now - start
            let hops = HopMeter.read() - hopsBefore
            HopMeter.setEnabled(false)
            let allocations = allocationsBefore.flatMap { before in AllocationMeter.read().map { $0 - before } }
            let dispatches = ContextQueue.dispatchCount - dispatchesBefore
            let outcome = try await ScenarioRunner.outcome(reads: reads, on: repository)
            try await repository.close()
            let measurement = RunMeasurement(
                elapsed: elapsed, latency: latency,
                hops: meters && HopMeter.isAvailable ? hops.hops : nil,
                queueDispatches: dispatches, allocations: allocations, outcome: outcome
            )
            let beforeCheck = AllocationMeter.read()?.liveBytes ?? 0
            let check = LeakCheck(tracking: repository as AnyObject, isBoundary: Self.isSharedInfrastructure)
            let checkBytes = (AllocationMeter.read()?.liveBytes ?? 0) &- beforeCheck
            return (measurement, check, checkBytes)
        } catch {
            HopMeter.setEnabled(false)
            try? await repository.close()
            throw error
        }
    }

    private func runPlan(
        _ plan: ScenarioPlan, on repository: any NoteRepository, concurrentClients: Bool
    ) async throws -> (Checksum, LatencySummary?) {
        guard settings.meters else {
            return (try await ScenarioRunner.run(plan, on: repository, concurrentClients: concurrentClients), nil)
        }
        let (reads, logs) = try await ScenarioRunner.run(
            plan, on: repository, concurrentClients: concurrentClients, recorder: LatencyRecorder()
        )
        return (reads, LatencySummary(logs: logs))
    }

    /// Context queues and their executors may be shared by design (a global actor's queue
    /// outlives every store it serves), so the leak check neither tracks nor enters them;
    /// the full list is ``RowCatalog/isSharedInfrastructure(_:)``.
    @Sendable
    static func isSharedInfrastructure(_ object: AnyObject) -> Bool {
        RowCatalog.isSharedInfrastructure(object)
    }
}

// MARK: - RunMeasurement

/// What one measured run produced.
struct RunMeasurement: Sendable {
    var elapsed: Duration
    /// Percentiles of this run's operations; nil with the meters off.
    var latency: LatencySummary?
    /// Real executor switches; nil where the hop meter is unavailable or off.
    var hops: UInt64?
    var queueDispatches: Int
    var allocations: AllocationMeter.Reading?
    var outcome: ReferenceModel.Outcome
    /// Live bytes after teardown minus live bytes before the row opened.
    var leakedBytes: Int64?
    var leaks: LeakReport = .none

    var seconds: Double {
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
