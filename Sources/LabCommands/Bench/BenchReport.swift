import Foundation
import Harness
import Workload

// MARK: - BenchReport

/// Everything `lab bench` measured: the model every renderer (table, JSON, Markdown, SVG) reads.
struct BenchReport: Sendable {
    var date: Date
    var machine: Machine
    var command: String
    var database: String
    var runs: Int
    var seed: UInt64
    /// Whether hops, latency and allocations were metered (off only to measure the meters' cost).
    var meters: Bool
    /// The hop meter's check against programs with known counts, run before measuring.
    var oracles: [HopOracle.Result]
    var costs: HopCosts
    var scenarios: [ScenarioResult]
    /// The suite's performance targets, when they were checked (`--docs`).
    var targets: [TargetChecks.Result] = []

    /// The largest miss of the cost model that is still called a fit.
    static let modelTolerance = 0.20

    /// One line per row whose outcome differs or that failed; empty when all is well.
    var failures: [String] {
        let meter = oracles.filter { !$0.isExact }.map {
            "the hop meter counted \($0.measured) hops for '\($0.name)', expected \($0.expected)"
        }
        return meter + scenarios.flatMap { scenario in
            scenario.rows.compactMap { row in
                if let failure = row.failure { return "\(scenario.scenario.rawValue) · \(row.name) failed: \(failure)" }
                if !row.outcomeMatches {
                    return "\(scenario.scenario.rawValue) · \(row.name): checksum \(row.checksum?.description ?? "none") differs from the reference \(scenario.expectedChecksum)"
                }
                return nil
            }
        }
    }

    // MARK: ScenarioResult

    struct ScenarioResult: Sendable {
        var scenario: Scenario
        var operations: Int
        var clients: Int
        var expectedChecksum: Checksum
        var rows: [RowResult]

        var reference: RowResult? { rows.first { $0.name == RowCatalog.reference && $0.failure == nil } }

        /// The reference row's median throughput, when it ran.
        var referenceThroughput: Double? { reference?.throughput?.median }

        /// The cost model's prediction for `row`, in nanoseconds per operation.
        func predictedNanoseconds(for row: RowResult, costs: HopCosts) -> Double? {
            guard let sql = referenceThroughput, let hops = row.hopsPerOperation, let dispatches = row.queueDispatchesPerOperation
            else { return nil }
            return costs.predictedNanoseconds(sqlNanoseconds: 1e9 / sql, hops: hops, dispatches: dispatches)
        }

        /// How far the measurement is from the prediction: (measured − predicted) / measured.
        func modelError(for row: RowResult, costs: HopCosts) -> Double? {
            guard let predicted = predictedNanoseconds(for: row, costs: costs), let throughput = row.throughput?.median
            else { return nil }
            let measured = 1e9 / throughput
            return (measured - predicted) / measured
        }
    }

    // MARK: RowResult

    struct RowResult: Sendable {
        var name: String
        var kind: RowDescriptor.Kind
        var throughput: Spread?
        var latency: LatencySummary?
        var hopsPerOperation: Double?
        /// The declared hops per operation, at least and at most.
        var expectedHopsPerOperation: ClosedRange<Double>?
        var hopReasons: [String] = []
        var queueDispatchesPerOperation: Double?
        var allocationsPerOperation: Double?
        var bytesPerOperation: Double?
        var leakedBytes: Int64?
        var leakedObjects: Int?
        var cycles: [String] = []
        var checksum: Checksum?
        /// Every run ended with the reference checksum, reads and note count.
        var outcomeMatches: Bool
        var failure: String?
        /// Why a metric is null, by its JSON name.
        var notes: [(metric: String, reason: String)] = []

        init(row: RowDescriptor, plan: ScenarioPlan, runs: [RunMeasurement], expected: ReferenceModel.Outcome) {
            let operations = Double(plan.operationCount)
            name = row.name
            kind = row.kind
            throughput = Spread(runs.map { operations / $0.seconds })
            // Per-run figures come from the run with the median time.
            let median = runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
            latency = median.latency
            hopsPerOperation = median.hops.map { Double($0) / operations }
            expectedHopsPerOperation = row.expectedHops?.hopsPerOperation(in: plan)
            hopReasons = row.expectedHops?.reasons ?? []
            queueDispatchesPerOperation = Double(median.queueDispatches) / operations
            allocationsPerOperation = median.allocations.map { Double($0.allocations) / operations }
            bytesPerOperation = median.allocations.map { Double($0.allocatedBytes) / operations }
            leakedBytes = runs.last?.leakedBytes
            leakedObjects = runs.map(\.leaks.leakedObjects).max()
            cycles = Array(runs.flatMap(\.leaks.paths).uniqued().prefix(5))
            checksum = runs.last?.outcome.checksum
            outcomeMatches = runs.allSatisfy { $0.outcome == expected }

            if latency == nil { notes.append(("latency_us", "the meters were off for this run (--no-meters)")) }
            if hopsPerOperation == nil {
                notes.append(("hops_per_op", HopMeter.isAvailable ? "the meters were off for this run (--no-meters)" : HopMeter.unavailableReason))
            }
            if expectedHopsPerOperation == nil { notes.append(("expected_hops_per_op", "the row declares no expected hops")) }
            if allocationsPerOperation == nil {
                let reason = AllocationMeter.isAvailable ? "the meters were off for this run (--no-meters)" : AllocationMeter.unavailableReason
                notes.append(("allocations_per_op", reason))
                notes.append(("bytes_per_op", reason))
            }
            if leakedBytes == nil { notes.append(("leaked_bytes", AllocationMeter.unavailableReason)) }
        }

        init(row: RowDescriptor, failure: String) {
            name = row.name
            kind = row.kind
            outcomeMatches = false
            self.failure = failure
            notes = [("error", failure)]
        }

        /// Whether the measured hops fall outside the declared ones.
        var hopsDiffer: Bool {
            guard let measured = hopsPerOperation, let expected = expectedHopsPerOperation else { return false }
            return measured < expected.lowerBound - 0.005 || measured > expected.upperBound + 0.005
        }
    }

    // MARK: Spread

    /// The median, minimum and maximum of a measurement over runs.
    struct Spread: Sendable, Equatable {
        var median: Double
        var min: Double
        var max: Double

        init?(_ values: [Double]) {
            guard !values.isEmpty else { return nil }
            let sorted = values.sorted()
            let middle = sorted.count / 2
            median = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
            min = sorted[0]
            max = sorted[sorted.count - 1]
        }
    }
}

// MARK: - Rendering

extension BenchReport {
    func rendered(as format: BenchFormat) -> String {
        switch format {
        case .table: renderedTable()
        case .json: renderedJSON()
        case .markdown: renderedMarkdown()
        }
    }
}
