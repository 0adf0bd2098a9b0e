import Workload
import RowKit

// MARK: - ClientSweep

extension BenchReport {
    /// One scenario's throughput at each client count of a sweep (`--clients 1,2,4,8`): what
    /// the scaling table and chart show. Built from the report's results, one per count, so
    /// it says nothing the per-count tables do not measure.
    package struct ClientSweep: Sendable {
        package var scenario: Scenario
        /// The counts, ascending.
        package var counts: [Int]
        /// One line per row, in the order of the scenario's tables.
        package var lines: [Line]

        /// One row across the counts.
        package struct Line: Sendable {
            package var name: String
            package var kind: RowDescriptor.Kind
            /// Whether the row runs its clients concurrently; raw-sqlite and store-sync run
            /// them in turn, so their line shows one connection doing the same work.
            package var concurrentClients: Bool
            /// The median operations per second at each count; nil where the row failed.
            package var throughput: [Double?]
            /// Whether the row ended at the reference model's outcome at each count.
            package var outcomeMatches: [Bool]

            /// The throughput at the most clients over the throughput at the fewest (1 client
            /// in the usual sweep): above 1 where more clients get more done.
            package var scaling: Double? {
                guard let first = throughput.first ?? nil, let last = throughput.last ?? nil, first > 0 else { return nil }
                return last / first
            }
        }

        /// The file the chart goes to in the `--docs` folder.
        package var chartFileName: String { Self.chartFileName(of: scenario) }

        package static func chartFileName(of scenario: Scenario) -> String { "Scaling-\(scenario.rawValue).svg" }
    }

    // MARK: The sweeps of a report

    /// Every scenario the report ran at more than one client count, in the order they ran.
    package var clientSweeps: [ClientSweep] {
        sweptScenarios.map { scenario in
            let results = scenarios.filter { $0.scenario == scenario }.sorted { $0.clients < $1.clients }
            let lines = results[0].rows.map { row in
                let cells = results.map { result in result.rows.first { $0.id == row.id } }
                return ClientSweep.Line(
                    name: row.name, kind: row.kind, concurrentClients: row.concurrentClients,
                    throughput: cells.map { $0?.throughput?.median },
                    outcomeMatches: cells.map { $0?.outcomeMatches ?? false }
                )
            }
            return ClientSweep(scenario: scenario, counts: results.map(\.clients), lines: lines)
        }
    }

    /// The scenarios with results at more than one client count, in the order they ran.
    package var sweptScenarios: [Scenario] {
        var seen: [Scenario] = []
        for result in scenarios where !seen.contains(result.scenario) { seen.append(result.scenario) }
        return seen.filter { scenario in Set(scenarios.filter { $0.scenario == scenario }.map(\.clients)).count > 1 }
    }

    /// "mixed", "mixed at 2 clients" for one count of a client sweep, or "list-read of 50
    /// titles" for a scenario that reads lists: the name of a result wherever the report
    /// shows several of one scenario.
    package func title(of result: ScenarioResult) -> String {
        if let titles = result.listTitles { return "\(result.scenario.rawValue) of \(ScenarioPlan.titles(titles))" }
        guard sweptScenarios.contains(result.scenario) else { return result.scenario.rawValue }
        return "\(result.scenario.rawValue) at \(result.clients) client\(result.clients == 1 ? "" : "s")"
    }

    /// The sweep of `result`'s scenario when `result` is its last count, where the sweep's
    /// table goes; nil otherwise.
    package func endsSweep(_ result: ScenarioResult) -> ClientSweep? {
        guard let last = scenarios.lastIndex(where: { $0.scenario == result.scenario }),
              scenarios[last].clients == result.clients
        else { return nil }
        return clientSweeps.first { $0.scenario == result.scenario }
    }
}
