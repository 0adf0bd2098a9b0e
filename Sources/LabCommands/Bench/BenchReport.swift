import Foundation
import Workload

// MARK: - BenchReport

/// Everything `lab bench` measured: the model every renderer (table, JSON, Markdown) reads.
struct BenchReport: Sendable {
    var date: Date
    var machine: Machine
    var command: String
    var database: String
    var runs: Int
    var seed: UInt64
    var scenarios: [ScenarioResult]

    /// One line per row whose checksum differs or that failed; empty when all is well.
    var failures: [String] {
        scenarios.flatMap { scenario in
            scenario.rows.compactMap { row in
                if let failure = row.failure { return "\(scenario.scenario.rawValue) · \(row.name) failed: \(failure)" }
                if !row.outcomeMatches {
                    return "\(scenario.scenario.rawValue) · \(row.name): checksum \(row.checksum.map(String.init(describing:)) ?? "none") differs from the reference \(scenario.expectedChecksum)"
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

        /// The reference row's median throughput, when it ran.
        var referenceThroughput: Double? {
            rows.first { $0.name == RowCatalog.reference }?.throughput?.median
        }
    }

    // MARK: RowResult

    struct RowResult: Sendable {
        var name: String
        var kind: RowDescriptor.Kind
        var throughput: Spread?
        var queueDispatchesPerOperation: Double?
        var checksum: Checksum?
        /// Every run ended with the reference checksum, reads and note count.
        var outcomeMatches: Bool
        var failure: String?

        init(row: RowDescriptor, operations: Int, runs: [RunMeasurement], expected: ReferenceModel.Outcome) {
            name = row.name
            kind = row.kind
            throughput = Spread(runs.map { Double(operations) / $0.seconds })
            let dispatches = runs.map(\.queueDispatches).sorted()
            queueDispatchesPerOperation = Double(dispatches[dispatches.count / 2]) / Double(operations)
            checksum = runs.last?.outcome.checksum
            outcomeMatches = runs.allSatisfy { $0.outcome == expected }
        }

        init(row: RowDescriptor, failure: String) {
            name = row.name
            kind = row.kind
            outcomeMatches = false
            self.failure = failure
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
