import RowKit
import Support

// MARK: - The terminal's table

extension BenchReport {
    /// The columns `lab bench` prints by default: what sets a row apart, within 120 columns.
    /// `--wide` and the Markdown page have every count (``columns``).
    package static let compactColumns: [TextTable.Column] = [
        .init(title: "row"), .init(title: "kind"), .init(title: "rank", alignRight: true),
        .init(title: "ops/s", alignRight: true), .init(title: "±", alignRight: true), .init(title: "× raw", alignRight: true),
        .init(title: "p99 µs", alignRight: true), .init(title: "hops/op", alignRight: true),
        .init(title: "allocs/op", alignRight: true), .init(title: "leaked", alignRight: true), .init(title: "outcome"),
    ]

    /// The cells of ``compactColumns`` for every row of `scenario`; a failed row's reason
    /// goes on a line of its own under the table.
    package func compactCells(of scenario: ScenarioResult) -> [[String]] {
        scenario.rows.map { row in
            guard let throughput = row.throughput else {
                return [row.name, row.kind.rawValue] + Array(repeating: "-", count: Self.compactColumns.count - 3) + ["FAILED"]
            }
            let leaked = row.leakedObjects.map { objects in
                "\(objects)" + (row.leakedBytesPerCycle.map { " · \(Format.bytes(Int64($0)))" } ?? "")
            } ?? "-"
            return [
                row.name, row.kind.rawValue, scenario.tier(of: row).map(String.init) ?? "-",
                Format.grouped(throughput.median), Format.decimal(throughput.relativeHalfRange * 100, digits: 0) + "%",
                scenario.referenceThroughput.map { Format.decimal(throughput.median / $0, digits: 2) } ?? "-",
                row.latency.map { Format.decimal($0.p99, digits: 0) } ?? "-",
                (row.hopsPerOperation.map { Format.decimal($0, digits: 2) } ?? "n/a") + (row.hopsDiffer ? "!" : ""),
                row.allocationsPerOperation.map { Format.decimal($0, digits: 0) } ?? "-",
                leaked,
                row.outcomeMatches ? "ok" : "DIFFERS",
            ]
        }
    }

    /// The frames of a scenario with a list, in the columns a reader of the list needs;
    /// empty for a scenario without one.
    package func compactFramesTable(of scenario: ScenarioResult) -> [String] {
        guard let cells = frameCells(of: scenario) else { return [] }
        let kept = ["row", "due", "missed", "p99 ms", "max ms", "reads behind writes", "wrong"]
        let indices = kept.compactMap { title in Self.frameColumns.firstIndex { $0.title == title } }
        var columns = indices.map { Self.frameColumns[$0] }
        if let stall = columns.firstIndex(where: { $0.title == "p99 ms" }) { columns[stall].title = "stall p99 ms" }
        let table = TextTable(columns: columns, rows: cells.map { row in indices.map { row[$0] } })
        let legend = "missed: frames due whose read through the row did not fit in the frame; stall: how late the main "
            + "actor started a frame; reads behind writes: reads that waited for a save on the same queue; wrong: frames that "
            + "showed what the store could not have shown."
        return Self.hanging(framesTitle(of: scenario)) + table.aligned().map { "  " + $0 } + wrap(legend, width: Self.terminalWidth, indent: "  ")
    }

    /// The legend of the terminal's table, one short line a column; the full definitions are
    /// in the guide's Reading the results.
    package var compactLegend: [String] {
        [
            "rank: every row runs once per round, in an order that moves from round to round; a row opens a new rank only "
                + "when it was slower than every row of the rank above in every round they both ran (at least "
                + "\(ScenarioResult.roundsToOrder)). Rows of one rank are not all told apart.",
            "ops/s: the median of the timed runs (meters off); ±: half their range, over the median; × raw: over raw-sqlite's ops/s.",
            "p99 µs: 99th percentile of one operation's time, from a run of its own that reads the clock around each operation.",
            "hops/op: executor switches per operation, counted in a separate metered run; ! where the count differs from what the row's code declares.",
            "allocs/op: allocations per operation; leaked: objects alive after the row closed · bytes kept per open/run/close cycle.",
            "outcome: ok when the checksum, every value read and the note count equal the reference model's in every run.",
            "Every definition: Docs/LabGuide.docc/ReadingTheResults.md.",
        ]
    }
}
