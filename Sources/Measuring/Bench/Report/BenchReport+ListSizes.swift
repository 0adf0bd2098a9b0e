import Support
import Workload

// MARK: - Throughput by list size: terminal table, Markdown and JSON

extension BenchReport {
    /// A list-size sweep's table for a terminal: one line per row, one column per size, each
    /// cell the row's operations per second and its ratio to the base row's, then the
    /// crossover, so that where a row starts to beat one caller at a time reads along a line.
    package func listSizeTable(_ sweep: ListSizeSweep, wrapped: Bool = false) -> [String] {
        let legend = listSizeLegend(sweep)
        return ["\(sweep.scenario.rawValue): throughput by list size, \(Self.clients(sweep.clients))"]
            + (wrapped ? wrap(legend, width: Self.terminalWidth, indent: "  ") : ["  " + legend])
            + TextTable(columns: Self.listSizeColumns(sweep), rows: Self.listSizeCells(sweep)).aligned().map { "  " + $0 }
    }

    /// The same table in Markdown, followed by its chart when the chart is written beside
    /// the page (`--docs`).
    package func listSizeMarkdown(_ sweep: ListSizeSweep, linkingChart: Bool) -> [String] {
        let title = "\(sweep.scenario.rawValue): throughput by list size, \(Self.clients(sweep.clients))"
        var lines = ["### \(title)", "", listSizeLegend(sweep).capitalizedFirst + ".", ""]
        lines += TextTable(columns: Self.listSizeColumns(sweep), rows: Self.listSizeCells(sweep)).markdown()
        if linkingChart { lines += ["", "![\(title)](\(sweep.chartFileName))"] }
        return lines
    }

    /// What the columns mean, in one line.
    private func listSizeLegend(_ sweep: ListSizeSweep) -> String {
        let measured = runs == 1 ? "the one timed run" : "the median of the \(runs) timed runs"
        return "each cell: ops/s (\(measured)) at lists of that many titles · the ratio to \(sweep.base.rawValue), "
            + "the same reads made one caller at a time; crossover: the smallest size from which the row is faster "
            + "than \(sweep.base.rawValue) at every larger size measured (\"none\" where it is not at the largest)"
    }

    // MARK: Columns and cells

    package static func listSizeColumns(_ sweep: ListSizeSweep) -> [TextTable.Column] {
        [.init(title: "row"), .init(title: "kind"), .init(title: "clients")]
            + sweep.sizes.map { .init(title: ScenarioPlan.titles($0), alignRight: true) }
            + [.init(title: "crossover", alignRight: true), .init(title: "outcome")]
    }

    /// The cells of every line of `sweep`, in column order.
    package static func listSizeCells(_ sweep: ListSizeSweep) -> [[String]] {
        sweep.lines.map { line in
            let cells = zip(line.throughput, line.relative).map { throughput, relative in
                guard let throughput else { return "-" }
                return Format.grouped(throughput) + (relative.map { " · " + Format.decimal($0, digits: 2) + "×" } ?? "")
            }
            return [line.name, line.kind.rawValue, line.concurrentClients ? "concurrent" : "in turn"] + cells
                + [line.crossover(in: sweep.sizes).map(String.init) ?? "none", sweepOutcome(at: sweep.sizes, line.throughput, line.outcomeMatches)]
        }
    }
}

extension BenchReport.ListSizeSweep {
    /// One entry of the report's `list_sizes`, present when a scenario ran at more than one
    /// list size:
    ///
    /// - `scenario`, `clients`, `titles` (the sizes, ascending) and `base` (the row each
    ///   ratio divides by);
    /// - `rows`: per row, its `row`, `kind`, `concurrent_clients`, `cells` (per size:
    ///   `titles`, `ops_per_s`, the median of the timed runs or `null` where the row failed,
    ///   `relative`, that over the base row's or `null`, and `checksum_ok`) and
    ///   `crossover` (a size, or `null`).
    ///
    /// Every other figure of a size is in its entry of `scenarios`, which has its `list_titles`.
    package var json: JSONValue {
        .object([
            ("scenario", .string(scenario.rawValue)),
            ("clients", .integer(clients)),
            ("titles", .array(sizes.map(JSONValue.integer))),
            ("base", .string(base.rawValue)),
            ("rows", .array(lines.map { line in
                .object([
                    ("row", .string(line.name)),
                    ("kind", .string(line.kind.rawValue)),
                    ("concurrent_clients", .bool(line.concurrentClients)),
                    ("cells", .array(sizes.indices.map { index in
                        .object([
                            ("titles", .integer(sizes[index])),
                            ("ops_per_s", line.throughput[index].map(JSONValue.number) ?? .null),
                            ("relative", line.relative[index].map(JSONValue.number) ?? .null),
                            ("checksum_ok", .bool(line.outcomeMatches[index])),
                        ])
                    })),
                    ("crossover", line.crossover(in: sizes).map(JSONValue.integer) ?? .null),
                ])
            })),
        ])
    }
}
