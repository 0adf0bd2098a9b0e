import Workload
import RowKit

// MARK: - ListSizeSweep

extension BenchReport {
    /// One scenario's throughput at each size of its list reads (list-read, 1 to 1,000
    /// titles), each row's against the row that makes the same reads one caller at a time:
    /// where a second core starts to pay for the trip to it. Built from the report's
    /// results, one per size, so it says nothing the per-size tables do not measure.
    package struct ListSizeSweep: Sendable {
        package var scenario: Scenario
        /// The sizes, ascending.
        package var sizes: [Int]
        /// The clients of every size's plan.
        package var clients: Int
        /// The row each line is divided by at each size, when it ran.
        package var base: RowID
        /// One line per row, in the order of the scenario's tables.
        package var lines: [Line]

        /// The row every line is compared with: the lab's store, one caller at a time.
        package static let baseRow = RowID.storeSync

        /// One row across the sizes.
        package struct Line: Sendable {
            package var name: String
            package var kind: RowDescriptor.Kind
            package var concurrentClients: Bool
            /// The median operations per second at each size; nil where the row failed.
            package var throughput: [Double?]
            /// The throughput over the base row's at each size; nil where either failed.
            package var relative: [Double?]
            /// Whether the row ended at the reference model's outcome at each size.
            package var outcomeMatches: [Bool]

            /// The smallest size from which the row is faster than the base at every size
            /// measured, itself and the larger ones; nil where it is not faster at the largest.
            package func crossover(in sizes: [Int]) -> Int? {
                var first: Int?
                for (size, ratio) in zip(sizes, relative).reversed() {
                    guard let ratio, ratio > 1 else { break }
                    first = size
                }
                return first
            }
        }

        /// The line of the row `id`, when it ran.
        package func line(_ id: RowID) -> Line? { lines.first { $0.name == id.rawValue } }

        /// The file the chart goes to in the `--docs` folder.
        package var chartFileName: String { Self.chartFileName(of: scenario) }

        package static func chartFileName(of scenario: Scenario) -> String { "Sizes-\(scenario.rawValue).svg" }
    }

    // MARK: The sweeps of a report

    /// Every scenario the report ran at more than one list size, in the order they ran.
    package var listSizeSweeps: [ListSizeSweep] {
        var seen: [Scenario] = []
        for result in scenarios where result.listTitles != nil && !seen.contains(result.scenario) { seen.append(result.scenario) }
        return seen.compactMap { scenario in
            let results = scenarios.filter { $0.scenario == scenario && $0.listTitles != nil }
                .sorted { ($0.listTitles ?? 0) < ($1.listTitles ?? 0) }
            guard results.count > 1, let first = results.first else { return nil }
            let bases = results.map { $0.row(ListSizeSweep.baseRow)?.throughput?.median }
            let lines = first.rows.map { row in
                let cells = results.map { result in result.rows.first { $0.id == row.id } }
                let throughput = cells.map { $0?.failure == nil ? $0?.throughput?.median : nil }
                return ListSizeSweep.Line(
                    name: row.name, kind: row.kind, concurrentClients: row.concurrentClients, throughput: throughput,
                    relative: zip(throughput, bases).map { value, base in
                        guard let value, let base, base > 0 else { return nil }
                        return value / base
                    },
                    outcomeMatches: cells.map { $0?.outcomeMatches ?? false }
                )
            }
            return ListSizeSweep(
                scenario: scenario, sizes: results.compactMap(\.listTitles), clients: first.clients,
                base: ListSizeSweep.baseRow, lines: lines
            )
        }
    }

    /// The list-size sweep of `result`'s scenario when `result` is its largest size, where
    /// the sweep's table goes; nil otherwise.
    package func endsListSizeSweep(_ result: ScenarioResult) -> ListSizeSweep? {
        guard result.listTitles != nil,
              let last = scenarios.lastIndex(where: { $0.scenario == result.scenario && $0.listTitles != nil }),
              scenarios[last].listTitles == result.listTitles
        else { return nil }
        return listSizeSweeps.first { $0.scenario == result.scenario }
    }
}
