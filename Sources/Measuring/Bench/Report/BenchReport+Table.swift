import RowKit
import Foundation
import Meters
import Support

// MARK: - Terminal table and Markdown

extension BenchReport {
    /// What `lab bench` prints: one aligned table per scenario, for a terminal, then what
    /// the run found; colour only when `colors` is true. The table fits 120 columns and shows
    /// the counts a reader acts on; `wide` shows every count, as the Markdown page does.
    package func renderedTable(colors: Bool = false, wide: Bool = false) -> String {
        var lines: [String] = wide ? header : header.flatMap(Self.hanging)
        lines.append("")
        for scenario in scenarios {
            let title = "\(title(of: scenario)): \(scenario.scenario.definition.summary)"
            lines.append(contentsOf: wide ? [title] : Self.hanging(title))
            lines.append(contentsOf: paragraph("\(scenario.operations) operations, \(scenario.clients) client\(scenario.clients == 1 ? "" : "s"), reference checksum \(scenario.expectedChecksum)", wide: wide))
            if let roundTrip = roundTripLine(of: scenario) { lines.append(contentsOf: paragraph(roundTrip, wide: wide)) }
            if !scenario.rows.isEmpty {
                let table = wide
                    ? TextTable(columns: columns(of: scenario), rows: cells(of: scenario))
                    : TextTable(columns: Self.compactColumns, rows: compactCells(of: scenario))
                lines.append(contentsOf: table.aligned().map { "  " + (colors ? Self.colored($0) : $0) })
            }
            if !wide {
                for row in scenario.rows { if let failure = row.failure { lines.append(contentsOf: paragraph("\(row.name) failed: \(failure)", wide: false)) } }
            }
            for note in notes(of: scenario) { lines.append(contentsOf: paragraph(note, wide: wide)) }
            lines.append("")
            let frames = wide ? framesTable(of: scenario) : compactFramesTable(of: scenario)
            if !frames.isEmpty {
                lines.append(contentsOf: frames)
                lines.append("")
            }
            if let sweep = endsSweep(scenario) {
                lines.append(contentsOf: scalingTable(sweep, wrapped: !wide).map { colors ? Self.colored($0) : $0 })
                lines.append("")
            }
            if let sweep = endsListSizeSweep(scenario) {
                lines.append(contentsOf: listSizeTable(sweep, wrapped: !wide).map { colors ? Self.colored($0) : $0 })
                lines.append("")
            }
        }
        if wide {
            lines.append(contentsOf: footer)
        } else {
            lines.append("How to read it (every count: --wide, --format json, or the Results.md of make bench):")
            for line in compactLegend { lines.append(contentsOf: wrap(line, width: Self.terminalWidth, indent: "  ", bullet: true)) }
            lines.append("")
            lines.append(contentsOf: findingsLines)
        }
        return lines.joined(separator: "\n")
    }

    /// The width the terminal report keeps within.
    package static let terminalWidth = 120

    /// `lines` for the terminal: each wrapped to its width, keeping its own indent, the lines
    /// after its first indented two more.
    package static func terminalLines(_ lines: [String]) -> [String] {
        lines.flatMap { line -> [String] in
            let indent = String(line.prefix { $0 == " " })
            var wrapped = wrap(String(line.dropFirst(indent.count)), width: terminalWidth, indent: indent + "  ")
            if wrapped[0].hasPrefix(indent + "  ") { wrapped[0].removeFirst(2) }
            return wrapped
        }
    }

    /// `text` wrapped to the terminal's width, the lines after the first indented.
    static func hanging(_ text: String) -> [String] {
        terminalLines([text])
    }

    /// A line under a scenario's title: as it is in the wide report, wrapped in the other.
    private func paragraph(_ text: String, wide: Bool) -> [String] {
        wide ? ["  " + text] : wrap(text, width: Self.terminalWidth, indent: "  ")
    }

    /// The same tables as GitHub Markdown, each followed by what explains its differences;
    /// a sweep's table links its chart when `linkingCharts` (the charts are written beside
    /// the page).
    package func renderedMarkdown(linkingCharts: Bool = false) -> String {
        var lines = ["# Results", ""] + header.map { "- \($0)" } + [""]
        for scenario in scenarios {
            lines.append("## \(title(of: scenario))")
            lines.append("")
            lines.append("\(scenario.scenario.definition.summary.capitalizedFirst). \(scenario.operations) operations, \(scenario.clients) client\(scenario.clients == 1 ? "" : "s"), reference checksum `\(scenario.expectedChecksum)`." + (roundTripLine(of: scenario).map { " The \($0)." } ?? ""))
            lines.append("")
            if !scenario.rows.isEmpty {
                lines += TextTable(columns: columns(of: scenario), rows: cells(of: scenario)).markdown()
                lines.append("")
            }
            lines.append(explanation(of: scenario))
            lines.append("")
            let pairs = lessonPairs(of: scenario)
            if !pairs.isEmpty {
                lines.append("The lessons' pairs, as this run measured them:")
                lines.append("")
                lines.append(contentsOf: pairs.map { "- \($0)" })
                lines.append("")
            }
            for note in notes(of: scenario) {
                lines.append(note)
                lines.append("")
            }
            let frames = framesMarkdown(of: scenario)
            if !frames.isEmpty {
                lines.append(contentsOf: frames)
                lines.append("")
            }
            if let sweep = endsSweep(scenario) {
                lines.append(contentsOf: scalingMarkdown(sweep, linkingChart: linkingCharts))
                lines.append("")
            }
            if let sweep = endsListSizeSweep(scenario) {
                lines.append(contentsOf: listSizeMarkdown(sweep, linkingChart: linkingCharts))
                lines.append("")
            }
        }
        if !targets.isEmpty {
            lines.append("## Targets")
            lines.append("")
            lines.append("Measured by the same command after the tables; a missed target is a finding, written down with its numbers.")
            lines.append("")
            lines.append("| target | measured | met |")
            lines.append("|:---|:---|:---|")
            for target in targets { lines.append("| \(target.target) | \(target.measured) | \(target.met ? "yes" : "**no**") |") }
            lines.append("")
        }
        lines.append("## How to read it")
        lines.append("")
        lines.append(contentsOf: footer.map { "- \($0)" })
        return lines.joined(separator: "\n") + "\n"
    }

    package var header: [String] {
        var lines = [
            "date: \(ISO8601DateFormatter().string(from: date))",
            "machine: \(machine.cores) cores, \(machine.os), Swift \(machine.swift)",
            "command: \(command)",
            "database: \(database); per row a warm-up, then \(runs) timed run\(runs == 1 ? "" : "s") in rounds that change the rows' order, seed \(seed)",
            (AllocationMeter.isLinked
                ? "timings: meters off, jemalloc's thread caches on; counts: one metered run per row in a child process with the caches off"
                : "timings: meters off; counts: one metered run per row in a child process")
                + (meters ? "" : " (skipped: --no-meters)"),
        ]
        // Said once here rather than as a "-" in every row: why no row has allocation counts.
        if meters, !scenarios.contains(where: { $0.rows.contains { $0.allocationsPerOperation != nil } }) {
            lines.append("allocation meter: \(AllocationMeter.unavailableReason)")
        }
        let model = self.model
        if let hop = model.hop, let empty = model.emptyRoundTrip {
            lines.append(
                "probed costs (median, least–most of \(costs.count) probes, one before each timed run and one after the last): an actor hop "
                    + "\(Format.decimal(hop.median, digits: 0)) ns (\(Format.decimal(hop.min, digits: 0))–\(Format.decimal(hop.max, digits: 0))), "
                    + "an empty queue round trip \(Self.microseconds(empty)); each scenario's round trip around its own kind of call is under its name"
            )
        }
        if !oracles.isEmpty {
            let exact = oracles.filter(\.isExact).count
            lines.append("hop meter: \(exact) of \(oracles.count) oracle programs counted exactly (\(HopOracle.calls) calls each)")
        } else {
            lines.append("hop meter: \(meters ? HopMeter.unavailableReason : "off for this run (--no-meters)")")
        }
        return lines
    }

    /// The round trip the model charges in `scenario`: a job of its kind of call, probed.
    package func roundTripLine(of scenario: ScenarioResult) -> String? {
        let model = model(of: scenario)
        guard let roundTrip = model.roundTrip, let cpu = model.roundTripCPU, model.roundTrip != model.emptyRoundTrip else { return nil }
        var line = "queue round trip around one of its calls: \(Self.microseconds(roundTrip)), \(Format.decimal(cpu.median / 1000, digits: 1)) µs CPU"
        if let cores = model.concurrentCoresBusy, let clients = model.concurrentClients {
            line += "; sent by \(clients) callers at once, they kept \(Format.decimal(cores.median, digits: 2)) cores busy "
                + "(\(Format.decimal(cores.min, digits: 2))–\(Format.decimal(cores.max, digits: 2)))"
        }
        return line + " (median, least–most of \(scenario.costs.count) probes)"
    }

    /// "12.3 µs (10.1–15.0)": a spread of nanoseconds, in microseconds.
    package static func microseconds(_ spread: Spread) -> String {
        "\(Format.decimal(spread.median / 1000, digits: 1)) µs (\(Format.decimal(spread.min / 1000, digits: 1))–\(Format.decimal(spread.max / 1000, digits: 1)))"
    }

    private var footer: [String] {
        let rows = scenarios.first?.rows ?? []
        let outside = rows.filter { if case .unpredicted = $0.costModel { true } else { false } }.map(\.name)
        let outsideText = outside.isEmpty ? "" : ", and for \(outside.joined(separator: " and ")), whose work is not a base's (the JSON notes say why)"
        return [
            "ops/s: operations per second, the median of the timed runs; ±: half the range from the least to the most, as a share of the median; ~ where the rounds do not tell the row apart from a row ranked next to it (it was not faster, or not slower, in every round both ran).",
            "× raw: the median over raw-sqlite's. cpu µs: CPU time per operation, all threads, user + system (getrusage): less sensitive to a busy machine than wall time.",
            "p50/p99: per-operation latency in µs (HdrHistogram), from one more run per row that times each operation (the timed runs read no clock per operation).",
            "hops/op: real executor switches per operation, counted at swift_task_switch in the counting pass, less what starting and ending the clients costs (counted in one more segment with nothing to do); after the slash, what the row's code declares (! where they differ). \"2+1 (94%)\": two certain hops and one that depends on timing, which happened on 94% of calls.",
            "enq/op: jobs handed to an executor per operation (the global pool's, counted by the runtime's enqueue hook, or a custom executor's), counted in the counting pass and net of the clients' start and end as hops are; after the slash, what the row declares. A hop taken in place on its thread is a hop and no enqueue.",
            "disp/op: jobs sent to a context's serial queue per operation, each a potential thread wake-up, net as hops are. wake/op: voluntary context switches of the process per operation (threads that blocked and woke). waits/op, shown where a row has any: performAndWait and other synchronous waits per operation that parked the main thread, a context's queue or a thread of the cooperative pool (counted by the store).",
            "allocs/op: allocations per operation (jemalloc, thread caches off), net as hops are; in a scenario with a list, with the store's count of reads behind writes on: one allocation more per job sent to a context's queue. leaked: objects still alive after the row was closed and released · bytes that stay allocated per open/run/close cycle (the least growth over \(CountingPass.repeatCycles) repeated cycles; 0 when any cycle did not grow).",
            "model µs: the time per operation predicted from the row's base (store-sync for the patterns, raw-sqlite for mutex), its hops and its thread wake-ups (probed on either side of each run, each cost the mean of the two probes: a wake-up that a call's own trip causes costs a round trip around a call of the scenario's kind over the wake-ups that trip caused, one beyond those an empty round trip's share); one client: base + hops × hop + wake-ups × wake-up; C concurrent clients: (base + hops × hop + wake-ups × wake-up CPU) ÷ the cores the probe's trips kept busy when sent by C callers at once (their wait overlaps, their CPU does not, and the clients' threads and the queue's share the cores), never less than the base. Then predicted ÷ measured, run by run, and the largest term of the one-client sum (base, hops or wake-ups) (* outside \(Format.decimal(1 / CostModel.tolerance, digits: 2))–\(Format.decimal(CostModel.tolerance, digits: 2))×: something else sets that row's time). - for the bases\(outsideText).",
            "outcome: ok when the database checksum, every value read and the note count equal the reference model's, in every run of both passes.",
        ]
    }

    package static let columns: [TextTable.Column] = [
        .init(title: "row"), .init(title: "kind"),
        .init(title: "ops/s", alignRight: true), .init(title: "±", alignRight: true), .init(title: "× raw", alignRight: true),
        .init(title: "cpu µs", alignRight: true),
        .init(title: "p50 µs", alignRight: true), .init(title: "p99 µs", alignRight: true),
        .init(title: "hops/op", alignRight: true), .init(title: "enq/op", alignRight: true),
        .init(title: "disp/op", alignRight: true),
        .init(title: "wake/op", alignRight: true),
        .init(title: "waits/op", alignRight: true),
        .init(title: "allocs/op", alignRight: true), .init(title: "leaked", alignRight: true),
        .init(title: "model µs", alignRight: true), .init(title: "outcome"),
    ]

    /// The columns of `scenario`'s table: waits/op only where a row parked a thread.
    package func columns(of scenario: ScenarioResult) -> [TextTable.Column] {
        Self.showsWaits(scenario) ? Self.columns : Self.columns.filter { $0.title != "waits/op" }
    }

    package static func showsWaits(_ scenario: ScenarioResult) -> Bool {
        scenario.rows.contains { ($0.blockingWaitsPerOperation ?? 0) > 0 }
    }

    /// The table cells of every row of `scenario`, in column order.
    package func cells(of scenario: ScenarioResult) -> [[String]] {
        let all = allCells(of: scenario)
        guard !Self.showsWaits(scenario), let waits = Self.columns.firstIndex(where: { $0.title == "waits/op" }) else { return all }
        return all.map { cells in cells.enumerated().filter { $0.offset != waits }.map(\.element) }
    }

    private func allCells(of scenario: ScenarioResult) -> [[String]] {
        let costModel = model(of: scenario)
        return scenario.rows.map { row in
            guard let throughput = row.throughput else {
                return [row.name, row.kind.rawValue] + Array(repeating: "-", count: Self.columns.count - 3)
                    + ["FAILED: \(row.failure ?? "no result")"]
            }
            let ratio = scenario.referenceThroughput.map { Format.decimal(throughput.median / $0, digits: 2) } ?? "-"
            let spread = Format.decimal(throughput.relativeHalfRange * 100, digits: 0) + "%"
                + (scenario.spreadHidesRanking(of: row) ? "~" : "")
            var model = "-"
            if let predicted = scenario.predictedNanoseconds(for: row, model: costModel),
               let ratio = scenario.modelRatio(for: row, model: costModel) {
                model = "\(Format.decimal(predicted / 1000, digits: 1)) \(Format.decimal(ratio, digits: 2))×\(CostModel.fits(ratio) ? "" : "*")"
                if let term = scenario.dominantTerm(for: row, model: costModel) { model += " \(term)" }
            }
            let leaked = row.leakedObjects.map { objects in
                "\(objects)" + (row.leakedBytesPerCycle.map { " · \(Format.bytes(Int64($0)))" } ?? "")
            } ?? "-"
            return [
                row.name, row.kind.rawValue,
                Format.grouped(throughput.median), spread, ratio,
                row.cpuMicroseconds.map { Format.decimal($0.median, digits: 1) } ?? "-",
                row.latency.map { Format.decimal($0.p50, digits: 1) } ?? "-",
                row.latency.map { Format.decimal($0.p99, digits: 1) } ?? "-",
                Self.hopsCell(row),
                Self.countCell(row.enqueuesPerOperation, declared: row.expectedEnqueuesPerOperation, differs: row.enqueuesDiffer),
                row.queueDispatchesPerOperation.map { Format.decimal($0, digits: 2) } ?? "n/a",
                row.wakeupsPerOperation.map { Format.decimal($0, digits: 2) } ?? "-",
                row.blockingWaitsPerOperation.map { Format.decimal($0, digits: 2) } ?? "-",
                row.allocationsPerOperation.map { Format.decimal($0, digits: 1) } ?? "-",
                leaked, model,
                row.outcomeMatches ? "ok" : "DIFFERS",
            ]
        }
    }

    /// Measured hops, then what the row declares: "2.94/2+1 (94%)" for a row with a hop
    /// that depends on timing.
    package static func hopsCell(_ row: RowResult) -> String {
        let measured = row.hopsPerOperation.map { Format.decimal($0, digits: 2) } ?? "n/a"
        guard let expected = row.expectedHopsPerOperation else { return measured }
        var declared = "/" + Format.decimal(expected.lowerBound, digits: 2)
        if expected.upperBound > expected.lowerBound {
            declared += "+" + Format.decimal(expected.upperBound - expected.lowerBound, digits: 2)
            if let rate = row.conditionalHopRate { declared += " (\(Format.decimal(rate * 100, digits: 0))%)" }
        }
        return measured + declared + (row.hopsDiffer ? "!" : "")
    }

    /// A measured count per operation, then the declared one or range: "2.00/2", "0.31/0+1".
    package static func countCell(_ measured: Double?, declared: ClosedRange<Double>?, differs: Bool) -> String {
        let measuredText = measured.map { Format.decimal($0, digits: 2) } ?? "n/a"
        guard let declared else { return measuredText }
        var text = measuredText + "/" + Format.decimal(declared.lowerBound, digits: 2)
        if declared.upperBound > declared.lowerBound {
            text += "+" + Format.decimal(declared.upperBound - declared.lowerBound, digits: 2)
        }
        return text + (differs ? "!" : "")
    }

    static func colored(_ line: String) -> String {
        line.replacingOccurrences(of: " DIFFERS", with: " \u{1B}[31mDIFFERS\u{1B}[0m")
            .replacingOccurrences(of: "FAILED", with: "\u{1B}[31mFAILED\u{1B}[0m")
            .replacingOccurrences(of: #"(\s)ok$"#, with: "$1\u{1B}[32mok\u{1B}[0m", options: .regularExpression)
    }
}

// MARK: - TextTable

/// Columns padded to their widest cell.
package struct TextTable {
    package struct Column {
        var title: String
        var alignRight = false
    }

    package var columns: [Column]
    package var rows: [[String]]

    package func aligned() -> [String] {
        let widths = columns.indices.map { index in
            ([columns[index].title] + rows.map { $0[index] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.indices.map { index in
                let gap = String(repeating: " ", count: widths[index] - cells[index].count)
                return columns[index].alignRight ? gap + cells[index] : cells[index] + gap
            }
            .joined(separator: "  ")
            .replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        return [line(columns.map(\.title))] + rows.map(line)
    }

    /// The same table in GitHub Markdown: a header, its alignment row, a line per row.
    package func markdown() -> [String] {
        ["| " + columns.map(\.title).joined(separator: " | ") + " |",
         "|" + columns.map { $0.alignRight ? "---:" : ":---" }.joined(separator: "|") + "|"]
            + rows.map { "| " + $0.joined(separator: " | ") + " |" }
    }
}

extension String {
    package var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
