import Support
import Foundation
import Meters
import NoteStore
import Workload
import RowKit

// MARK: - BenchRunner

/// Runs every scenario through every row and collects one result per cell, in two passes.
///
/// The timing pass runs here, with no meter on; the counting pass runs in a child process
/// (``CountingPass``). Every run starts on a fresh database, and its outcome is compared
/// with the reference model's.
package struct BenchRunner: Sendable {
    package let settings: BenchSettings
    package let progress: ProgressLine

    package init(settings: BenchSettings, progress: ProgressLine) {
        self.settings = settings
        self.progress = progress
    }

    /// The whole report: the meter check, the counts, the timings, and, when asked, the
    /// target checks.
    package func run(checkingTargets: Bool = false) async throws -> BenchReport {
        let clock = ContinuousClock()
        let start = clock.now
        var counts: CountingPass.Counts?
        var oracles: [HopOracle.Result] = []
        if settings.meters {
            if HopMeter.isAvailable {
                progress.show("checking the hop meter against its oracles")
                oracles = await HopOracle.run()
            }
            progress.show("counting pass: hops, queue jobs, allocations and leaks, in a child process")
            counts = try await CountingPass.launch(settings)
        }
        let timings = try await measureTimings()
        var report = BenchReport(
            date: Date(), machine: .current, command: settings.commandLine,
            database: settings.database.description, runs: settings.runs, seed: settings.seed,
            meters: settings.meters, oracles: oracles,
            scenarios: timings.map { $0.result(counts: counts, settings: settings) }
        )
        if checkingTargets {
            report.targets = try await TargetChecks(settings: settings, progress: progress)
                .evaluate(report, elapsed: clock.now - start)
        }
        progress.clear()
        return report
    }

    // MARK: The timing pass

    /// Every scenario of the settings through every row, timed, and the cost probes taken
    /// before each run; a swept scenario once per client count or list size, smallest first.
    package func measureTimings() async throws -> [TimedScenario] {
        let database = try BenchDatabase(location: settings.database)
        defer { database.removeAll() }
        var scenarios: [TimedScenario] = []
        var countdown = Countdown(settings: settings)
        do {
            for scenario in settings.scenarios {
                for point in settings.atEachPoint(of: scenario) {
                    scenarios.append(
                        try await measure(scenario, settings: point, database: database, countdown: &countdown)
                    )
                }
            }
        } catch {
            // Emptying the database before a run, or a probe's own, met the disk's or the
            // file's failure first.
            throw database.stoppingFailure(error) ?? error
        }
        return scenarios
    }

    /// One scenario at one point of a sweep (`point`, one of ``BenchSettings/atEachPoint(of:)``)
    /// through every row: the warm-ups, the rounds, then the latency round.
    private func measure(
        _ scenario: Scenario, settings point: BenchSettings, database: BenchDatabase, countdown: inout Countdown
    ) async throws -> TimedScenario {
        let name = settings.name(of: scenario, at: point)
        var timed = TimedScenario(scenario: scenario, settings: point)
        let rows = settings.rows(for: scenario)
        for row in rows {
            progress.show("\(countdown.left)\(name) · \(row.name) · warm-up")
            do {
                _ = try await timedRun(row, plan: timed.warmUp, database: database)
            } catch {
                if let stop = database.stoppingFailure(error) { throw stop }
                timed.failures[row.id] = "\(error)"
            }
            countdown.finish(scenario, operations: timed.warmUp.operationCount)
        }
        // A probe right before each run and one after the last: the cost model predicts each
        // run from the probes on either side of it (``HopCosts/between(_:_:)``).
        var previous: (row: RowID, index: Int, costs: HopCosts)?
        func probe() async throws -> HopCosts {
            let costs = try await probeCosts(for: timed.plan, probe: timed.costs.count, database: database)
            timed.costs.append(costs)
            if let previous {
                timed.runs[previous.row]?[previous.index].costs = HopCosts.between(previous.costs, costs)
            }
            previous = nil
            return costs
        }
        for round in 0..<settings.runs {
            for row in rows.order(ofRound: round) {
                defer { countdown.finish(scenario, operations: timed.plan.operationCount, probedBy: timed.plan.clients.count) }
                guard timed.failures[row.id] == nil else { continue }
                progress.show("\(countdown.left)\(name) · round \(round + 1)/\(settings.runs) · \(row.name)")
                let costs = try await probe()
                do {
                    var run = try await timedRun(row, plan: timed.plan, database: database)
                    run.costs = costs
                    timed.runs[row.id, default: []].append(run)
                    previous = (row.id, timed.runs[row.id, default: []].count - 1, costs)
                } catch {
                    if let stop = database.stoppingFailure(error) { throw stop }
                    timed.failures[row.id] = "\(error)"
                }
            }
        }
        if previous != nil {
            progress.show("\(countdown.left)\(name) · the probe after the last run")
            _ = try await probe()
        }
        // Latency has a round of its own: reading the clock around every operation makes
        // the fastest row about 2% slower, a cost the rounds above do not pay.
        for row in rows.order(ofRound: settings.runs) {
            defer { countdown.finish(scenario, operations: timed.plan.operationCount) }
            guard timed.failures[row.id] == nil else { continue }
            progress.show("\(countdown.left)\(name) · latency · \(row.name)")
            do {
                timed.latencyRuns[row.id] = try await latencyRun(row, plan: timed.plan, database: database)
            } catch {
                if let stop = database.stoppingFailure(error) { throw stop }
                timed.failures[row.id] = "\(error)"
            }
        }
        return timed
    }

    /// One probe of the hop and queue costs, its worked round trips carrying the plan's
    /// kind of call (``StoreWorkProbe``) on a fresh database of their own, sent by one caller
    /// and, when the plan has more clients, by that many at once.
    private func probeCosts(for plan: ScenarioPlan, probe: Int, database: BenchDatabase) async throws -> HopCosts {
        let location = try database.fresh(for: "cost-probe", run: probe)
        defer { database.discard(location) }
        let work = try StoreWorkProbe(scenario: plan.scenario, listTitles: plan.listTitles, location: location)
        defer { work.close() }
        return try await HopCosts.probe(roundTrips: work.roundTrips, work: work, clients: plan.clients.count)
    }

    /// One timed run on a fresh database: wall time, CPU time and wake-ups, with no meter
    /// on and no clock read around each operation.
    private func timedRun(_ row: RowDescriptor, plan: ScenarioPlan, database: BenchDatabase) async throws -> TimedRun {
        try await run(row, plan: plan, database: database, recorder: NoRecorder()) { _ in nil }
    }

    /// A timed run that also times every operation, for the latency percentiles.
    private func latencyRun(_ row: RowDescriptor, plan: ScenarioPlan, database: BenchDatabase) async throws -> TimedRun {
        try await run(row, plan: plan, database: database, recorder: LatencyRecorder(), latency: LatencySummary.init(logs:))
    }

    /// Runs `plan` through `row` on a fresh database (``RowCycle``, without the leak check:
    /// the counting pass checks leaks). The repository is closed before it returns.
    private func run<Recorder: OperationRecorder>(
        _ row: RowDescriptor, plan: ScenarioPlan, database: BenchDatabase, recorder: Recorder,
        latency: ([Recorder.Log]) -> LatencySummary?
    ) async throws -> TimedRun {
        let location = try database.fresh(for: row.name, run: 0)
        defer { database.discard(location) }
        var timer = RunTimer()
        let cycle = try await RowCycle.run(
            row, plan: plan, on: location, recorder: recorder, meter: &timer, checkingLeaks: false
        )
        return TimedRun(
            seconds: timer.elapsed.nanoseconds / 1e9, usage: timer.usage, queueDispatches: timer.dispatches,
            latency: latency(cycle.logs), outcome: cycle.outcome, mergesSaves: cycle.namesStoreContainer,
            frames: cycle.frames
        )
    }
}

// MARK: - Countdown

/// How long the timing pass has left, said on the progress line: the work still to do,
/// weighed by each scenario's typical cost per operation, at the pace of the work done so far.
package struct Countdown {
    /// What a run costs besides its operations (a fresh database, the cost probe before it),
    /// in µs, as a scenario's rough cost per operation is.
    package static let perRun = 60_000.0

    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private let total: Double
    private var done = 0.0

    package init(settings: BenchSettings) {
        start = clock.now
        total = settings.scenarios.reduce(0) { sum, scenario in
            settings.atEachPoint(of: scenario).reduce(sum) { sum, point in
                let plan = point.plan(for: scenario)
                let warmUp = point.warmUpOperations(for: scenario)
                let runs = Double(point.rows(for: scenario).count)
                let rounds = Double(point.runs) * (Self.cost(scenario, plan.operationCount) + Self.probeWindow(clients: plan.clients.count))
                let latency = Self.cost(scenario, plan.operationCount)
                return sum + runs * (Self.cost(scenario, warmUp) + rounds + latency)
            }
        }
    }

    /// Each scenario's operations weigh its rough cost (``ScenarioDefinition/roughMicroseconds``):
    /// only the ratios matter, the pace comes from this run.
    private static func cost(_ scenario: Scenario, _ operations: Int) -> Double {
        Double(operations) * scenario.definition.roughMicroseconds + perRun
    }

    /// What the probe before a timed run adds with more than one client, in µs: the
    /// window of its concurrent trips.
    private static func probeWindow(clients: Int) -> Double {
        clients > 1 ? HopCosts.concurrentWindow.nanoseconds / 1_000 : 0
    }

    /// One run done; `clients`, for a timed run, the clients its probe sent trips from.
    package mutating func finish(_ scenario: Scenario, operations: Int, probedBy clients: Int = 1) {
        done += Self.cost(scenario, operations) + Self.probeWindow(clients: clients)
    }

    /// The time left, nil until there is a pace to go by.
    package var remaining: Duration? {
        guard done > 0, total > done else { return nil }
        let elapsed = clock.now - start
        return elapsed * ((total - done) / done)
    }

    /// "about 1 min 20 s left · ", or nothing before the first run ends. It leads the
    /// progress line, so that the line still ends with the step it names.
    package var left: String {
        guard let remaining else { return "" }
        let seconds = Int(remaining.components.seconds)
        let text = seconds >= 60 ? "\(seconds / 60) min \(seconds % 60) s" : "\(max(seconds, 1)) s"
        return "about \(text) left · "
    }
}

// MARK: - TimedRun

/// What one timed run produced.
package struct TimedRun: Sendable {
    package var seconds: Double
    /// CPU time and voluntary context switches of the whole process during the run.
    package var usage: ProcessUsage
    package var queueDispatches: Int
    package var latency: LatencySummary?
    package var outcome: ReferenceModel.Outcome
    /// Whether the row named its store container: in sync, its reader merged each save.
    package var mergesSaves = false
    /// The costs the run met: the probe taken just before it, until the probe after it
    /// is taken, then the mean of the two (`HopCosts.between(_:_:)`).
    package var costs: HopCosts?
    /// What the main-actor list rendered during the run, in a scenario with one.
    package var frames: FrameLog?
}

// MARK: - TimedScenario

/// One scenario's plan and the timed runs of each of its rows.
package struct TimedScenario: Sendable {
    package let scenario: Scenario
    package let plan: ScenarioPlan
    package let warmUp: ScenarioPlan
    package let expected: ReferenceModel.Outcome
    package var runs: [RowID: [TimedRun]] = [:]
    /// The run of each row that timed every operation, after the rounds.
    package var latencyRuns: [RowID: TimedRun] = [:]
    package var failures: [RowID: String] = [:]
    /// The cost probes, one before each timed run and one after the last, carrying this
    /// scenario's kind of call.
    package var costs: [HopCosts] = []

    package init(scenario: Scenario, settings: BenchSettings) {
        self.scenario = scenario
        plan = settings.plan(for: scenario)
        warmUp = settings.warmUpPlan(for: scenario)
        expected = ReferenceModel.expectedOutcome(of: plan)
    }

    /// The titles of the plan's list reads; nil in a scenario that reads no list.
    var listTitles: Int? { scenario.definition.listSizes.isEmpty ? nil : plan.listTitles }

    /// The scenario's results, with the counting pass's counts where there are any.
    package func result(counts: CountingPass.Counts?, settings: BenchSettings) -> BenchReport.ScenarioResult {
        let rows = settings.rows(for: scenario).map { row in
            if let failure = failures[row.id] { return BenchReport.RowResult(row: row, failure: failure) }
            let counted = counts?.row(row.id, in: scenario, clients: plan.clients.count, listTitles: listTitles)
            if let failure = counted?.failure {
                return BenchReport.RowResult(row: row, failure: "the counting pass failed: \(failure)")
            }
            return BenchReport.RowResult(
                row: row, plan: plan, runs: runs[row.id] ?? [], latencyRun: latencyRuns[row.id], counts: counted,
                countingPass: counts.map { _ in nil } ?? CountingPass.skippedReason(settings),
                expected: expected
            )
        }
        return BenchReport.ScenarioResult(
            scenario: scenario, operations: plan.operationCount, clients: plan.clients.count, listTitles: listTitles,
            expectedChecksum: expected.checksum, rows: rows, costs: costs,
            rowsNotRun: settings.rowsNotRun(in: scenario).map { row in
                (row.name, row.reasonNotRun(in: scenario) ?? "it does not run this scenario")
            }
        )
    }
}

// MARK: - Helpers

extension Array {
    /// The order of the `round`-th round: every element once, the first one `round` places
    /// on (modulo the count), so a row's place moves; and the element before each one
    /// changes from round to round too, for as many rounds as there are rows, less one.
    ///
    /// A run leaves the machine in a state the next run meets: no row follows the same row
    /// in every round.
    package func order(ofRound round: Int) -> [Element] {
        guard count > 1 else { return self }
        let offsets = count % 2 == 0 ? Self.balancedOffsets(count) : Self.stridedOffsets(count, round: round)
        return offsets.map { self[(round + $0) % count] }
    }

    /// 0, 1, count − 1, 2, count − 2, …: every offset once, every step between two a
    /// different one (for an even count).
    private static func balancedOffsets(_ count: Int) -> [Int] {
        (0..<count).map { place in place % 2 == 1 ? (place + 1) / 2 : (count - place / 2) % count }
    }

    /// 0, s, 2s, … for the round's stride s: 1, 2, count − 2, 3, count − 3, …, those prime to
    /// the count.
    private static func stridedOffsets(_ count: Int, round: Int) -> [Int] {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        var strides: [Int] = []
        for step in 1..<count {
            for stride in [step, count - step] where stride < count - 1 && gcd(stride, count) == 1 && !strides.contains(stride) {
                strides.append(stride)
            }
        }
        let stride = strides.isEmpty ? 1 : strides[round % strides.count]
        return (0..<count).map { $0 * stride % count }
    }
}
