import Support

// MARK: - Throughput by clients: terminal table and Markdown

extension BenchReport {
    /// A sweep's table for a terminal: one line per row, one column per client count, and
    /// the scaling, so that how each row grows with clients reads along one line.
    package func scalingTable(_ sweep: ClientSweep, wrapped: Bool = false) -> [String] {
        let legend = wrapped ? wrap(scalingLegend(sweep), width: Self.terminalWidth, indent: "  ") : ["  " + scalingLegend(sweep)]
        return ["\(sweep.scenario.rawValue): throughput by clients"] + legend
            + TextTable(columns: Self.scalingColumns(sweep), rows: Self.scalingCells(sweep)).aligned().map { "  " + $0 }
    }

    /// The same table in Markdown, followed by its chart when the chart is written beside
    /// the page (`--docs`).
    package func scalingMarkdown(_ sweep: ClientSweep, linkingChart: Bool) -> [String] {
        var lines = ["### \(sweep.scenario.rawValue): throughput by clients", "", scalingLegend(sweep).capitalizedFirst + ".", ""]
        lines += TextTable(columns: Self.scalingColumns(sweep), rows: Self.scalingCells(sweep)).markdown()
        if linkingChart {
            lines += ["", "![\(sweep.scenario.rawValue): throughput by clients](\(sweep.chartFileName))"]
        }
        return lines
    }

    /// What the sweep's columns mean, in one line.
    private func scalingLegend(_ sweep: ClientSweep) -> String {
        let first = sweep.counts.first ?? 1, last = sweep.counts.last ?? 1
        let measured = runs == 1 ? "ops/s of the one timed run at each count" : "ops/s, the median of the \(runs) timed runs at each count"
        return measured + "; "
            + "scaling: ops/s at \(Self.clients(last)) over ops/s at \(Self.clients(first)); "
            + "clients: whether the row runs its clients concurrently or in turn"
    }

    // MARK: Columns and cells

    package static func scalingColumns(_ sweep: ClientSweep) -> [TextTable.Column] {
        let first = sweep.counts.first ?? 1, last = sweep.counts.last ?? 1
        return [.init(title: "row"), .init(title: "kind"), .init(title: "clients")]
            + sweep.counts.map { .init(title: clients($0), alignRight: true) }
            + [.init(title: "scaling \(last)÷\(first)", alignRight: true), .init(title: "outcome")]
    }

    /// The cells of every line of `sweep`, in column order.
    package static func scalingCells(_ sweep: ClientSweep) -> [[String]] {
        sweep.lines.map { line in
            [line.name, line.kind.rawValue, line.concurrentClients ? "concurrent" : "in turn"]
                + line.throughput.map { $0.map(Format.grouped) ?? "-" }
                + [line.scaling.map { Format.decimal($0, digits: 2) } ?? "-", sweepOutcome(at: sweep.counts, line.throughput, line.outcomeMatches)]
        }
    }

    /// "ok" when a row ended at the reference at every point of a sweep (a client count, a
    /// list size); otherwise the points at which it failed (no `throughput`) or ended
    /// elsewhere.
    static func sweepOutcome(at points: [Int], _ throughput: [Double?], _ outcomeMatches: [Bool]) -> String {
        let cells = zip(points, zip(throughput, outcomeMatches))
        let failed = cells.filter { $0.1.0 == nil }.map { String($0.0) }
        let differs = cells.filter { $0.1.0 != nil && !$0.1.1 }.map { String($0.0) }
        var parts: [String] = []
        if !failed.isEmpty { parts.append("FAILED at \(failed.joined(separator: ", "))") }
        if !differs.isEmpty { parts.append("DIFFERS at \(differs.joined(separator: ", "))") }
        return parts.isEmpty ? "ok" : parts.joined(separator: "; ")
    }

    /// "1 client", "4 clients".
    package static func clients(_ count: Int) -> String {
        "\(count) client\(count == 1 ? "" : "s")"
    }
}
