import Foundation
import Harness

// MARK: - Terminal table and Markdown

extension BenchReport {
    /// One aligned table per scenario, for a terminal; colour only when `colors` is true.
    func renderedTable(colors: Bool = false) -> String {
        var lines: [String] = [header.joined(separator: "\n"), ""]
        for scenario in scenarios {
            lines.append("\(scenario.scenario.rawValue): \(scenario.scenario.summary)")
            lines.append("  \(scenario.operations) operations, \(scenario.clients) client\(scenario.clients == 1 ? "" : "s"), reference checksum \(scenario.expectedChecksum)")
            let table = TextTable(columns: Self.columns, rows: cells(of: scenario)).aligned()
            lines.append(contentsOf: table.map { "  " + (colors ? Self.colored($0) : $0) })
            lines.append("")
        }
        lines.append(contentsOf: footer)
        return lines.joined(separator: "\n")
    }

    /// The same tables as GitHub Markdown, each followed by what explains its differences.
    func renderedMarkdown() -> String {
        var lines = ["# Results", ""] + header.map { "- \($0)" } + [""]
        for scenario in scenarios {
            lines.append("## \(scenario.scenario.rawValue)")
            lines.append("")
            lines.append("\(scenario.scenario.summary.capitalizedFirst). \(scenario.operations) operations, \(scenario.clients) client\(scenario.clients == 1 ? "" : "s"), reference checksum `\(scenario.expectedChecksum)`.")
            lines.append("")
            lines.append("| " + Self.columns.map(\.title).joined(separator: " | ") + " |")
            lines.append("|" + Self.columns.map { $0.alignRight ? "---:" : ":---" }.joined(separator: "|") + "|")
            for row in cells(of: scenario) { lines.append("| " + row.joined(separator: " | ") + " |") }
            lines.append("")
            lines.append(explanation(of: scenario))
            lines.append("")
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

    var header: [String] {
        var lines = [
            "date: \(ISO8601DateFormatter().string(from: date))",
            "machine: \(machine.cores) cores, \(machine.os), Swift \(machine.swift)",
            "command: \(command)",
            "database: \(database); \(runs) measured run\(runs == 1 ? "" : "s") per row after a warm-up, seed \(seed)",
            "measured costs: an actor hop \(Format.decimal(costs.actorHopNanoseconds, digits: 0)) ns, a queue dispatch and resume \(Format.decimal(costs.queueDispatchNanoseconds / 1000, digits: 1)) µs",
        ]
        if !oracles.isEmpty {
            let exact = oracles.filter(\.isExact).count
            lines.append("hop meter: \(exact) of \(oracles.count) oracle programs counted exactly (\(HopOracle.calls) calls each)")
        } else {
            lines.append("hop meter: \(meters ? HopMeter.unavailableReason : "off for this run (--no-meters)")")
        }
        return lines
    }

    private var footer: [String] {
        [
            "ops/s: operations per second, median of the runs; × raw: that median over raw-sqlite's.",
            "p50/p99: per-operation latency in µs (HdrHistogram), from the run with the median time; the per-operation counts come from that run too.",
            "hops/op: real executor switches per operation, counted at swift_task_switch; after the slash, what the row's code declares (! where they differ).",
            "disp/op: jobs sent to a context's serial queue per operation, each a potential thread wake-up.",
            "allocs/op: allocations per operation (jemalloc); leaked: objects alive and bytes still allocated after the row was closed and released.",
            "model: predicted µs per operation = raw-sqlite's time + hops × hop cost + dispatches × dispatch cost, and its error (* beyond ±\(Int(Self.modelTolerance * 100))%, a finding, not a failure).",
            "outcome: ok when the database checksum, every value read and the note count equal the reference model's.",
        ]
    }

    static let columns: [TextTable.Column] = [
        .init(title: "row"), .init(title: "kind"),
        .init(title: "ops/s", alignRight: true), .init(title: "× raw", alignRight: true),
        .init(title: "p50 µs", alignRight: true), .init(title: "p99 µs", alignRight: true),
        .init(title: "hops/op", alignRight: true), .init(title: "disp/op", alignRight: true),
        .init(title: "allocs/op", alignRight: true), .init(title: "leaked", alignRight: true),
        .init(title: "model µs", alignRight: true), .init(title: "outcome"),
    ]

    /// The table cells of every row of `scenario`, in column order.
    func cells(of scenario: ScenarioResult) -> [[String]] {
        scenario.rows.map { row in
            guard let throughput = row.throughput else {
                return [row.name, row.kind.rawValue] + Array(repeating: "-", count: 9) + ["FAILED: \(row.failure ?? "no result")"]
            }
            let ratio = scenario.referenceThroughput.map { Format.decimal(throughput.median / $0, digits: 2) } ?? "-"
            let hops = row.hopsPerOperation.map { Format.decimal($0, digits: 2) } ?? "n/a"
            let expected = row.expectedHopsPerOperation.map { range in
                "/" + Format.decimal(range.lowerBound, digits: 2)
                    + (range.lowerBound == range.upperBound ? "" : "-" + Format.decimal(range.upperBound, digits: 2))
            } ?? ""
            let leaked = row.leakedObjects.map { objects in
                "\(objects)" + (row.leakedBytes.map { " · \(Format.bytes($0))" } ?? "")
            } ?? "-"
            var model = "-"
            if let predicted = scenario.predictedNanoseconds(for: row, costs: costs),
               let error = scenario.modelError(for: row, costs: costs) {
                let flag = abs(error) > Self.modelTolerance ? "*" : ""
                model = "\(Format.decimal(predicted / 1000, digits: 1)) \(Format.signedPercent(error))\(flag)"
            }
            return [
                row.name, row.kind.rawValue,
                Format.grouped(throughput.median), ratio,
                row.latency.map { Format.decimal($0.p50, digits: 1) } ?? "-",
                row.latency.map { Format.decimal($0.p99, digits: 1) } ?? "-",
                hops + expected + (row.hopsDiffer ? "!" : ""),
                row.queueDispatchesPerOperation.map { Format.decimal($0, digits: 2) } ?? "-",
                row.allocationsPerOperation.map { Format.decimal($0, digits: 1) } ?? "-",
                leaked, model,
                row.outcomeMatches ? "ok" : "DIFFERS",
            ]
        }
    }

    private static func colored(_ line: String) -> String {
        line.replacingOccurrences(of: " DIFFERS", with: " \u{1B}[31mDIFFERS\u{1B}[0m")
            .replacingOccurrences(of: "FAILED", with: "\u{1B}[31mFAILED\u{1B}[0m")
            .replacingOccurrences(of: #"(\s)ok$"#, with: "$1\u{1B}[32mok\u{1B}[0m", options: .regularExpression)
    }
}

// MARK: - TextTable

/// Columns padded to their widest cell.
struct TextTable {
    struct Column {
        var title: String
        var alignRight = false
    }

    var columns: [Column]
    var rows: [[String]]

    func aligned() -> [String] {
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
}

// MARK: - Format

enum Format {
    /// A whole number with thousands separators: 12,345.
    static func grouped(_ value: Double) -> String {
        let digits = String(Int64(value.rounded()))
        var result = ""
        for (offset, character) in digits.reversed().enumerated() {
            if offset > 0 && offset.isMultiple(of: 3) && character != "-" { result.append(",") }
            result.append(character)
        }
        return String(result.reversed())
    }

    static func decimal(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func signedPercent(_ fraction: Double) -> String {
        String(format: "%+.0f%%", fraction * 100)
    }

    /// Bytes in the largest unit that keeps the number readable: 512 B, 3.2 KiB, 1.5 MiB.
    static func bytes(_ value: Int64) -> String {
        let magnitude = Double(abs(value))
        let sign = value < 0 ? "-" : ""
        if magnitude < 1024 { return "\(value) B" }
        if magnitude < 1024 * 1024 { return sign + decimal(magnitude / 1024, digits: 1) + " KiB" }
        return sign + decimal(magnitude / 1024 / 1024, digits: 1) + " MiB"
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
