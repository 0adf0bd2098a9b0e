import Foundation

// MARK: - Terminal table and Markdown

extension BenchReport {
    /// One aligned table per scenario, for a terminal.
    func renderedTable() -> String {
        var lines: [String] = [header.joined(separator: "\n"), ""]
        for scenario in scenarios {
            lines.append("\(scenario.scenario.rawValue): \(scenario.scenario.summary)")
            lines.append("  \(scenario.operations) operations, \(scenario.clients) client\(scenario.clients == 1 ? "" : "s"), reference checksum \(scenario.expectedChecksum)")
            lines.append(contentsOf: TextTable(columns: Self.columns, rows: scenario.cells).aligned().map { "  " + $0 })
            lines.append("")
        }
        lines.append(contentsOf: footer)
        return lines.joined(separator: "\n")
    }

    /// The same tables as GitHub Markdown.
    func renderedMarkdown() -> String {
        var lines = ["# Results", ""] + header.map { "- \($0)" } + [""]
        for scenario in scenarios {
            lines.append("## \(scenario.scenario.rawValue)")
            lines.append("")
            lines.append("\(scenario.scenario.summary). \(scenario.operations) operations, \(scenario.clients) client\(scenario.clients == 1 ? "" : "s"), reference checksum `\(scenario.expectedChecksum)`.")
            lines.append("")
            lines.append("| " + Self.columns.map(\.title).joined(separator: " | ") + " |")
            lines.append("|" + Self.columns.map { $0.alignRight ? "---:" : ":---" }.joined(separator: "|") + "|")
            for row in scenario.cells { lines.append("| " + row.joined(separator: " | ") + " |") }
            lines.append("")
        }
        lines.append(contentsOf: footer)
        return lines.joined(separator: "\n")
    }

    private var header: [String] {
        [
            "date: \(ISO8601DateFormatter().string(from: date))",
            "machine: \(machine.cores) cores, \(machine.os), Swift \(machine.swift)",
            "command: \(command)",
            "database: \(database); \(runs) measured run\(runs == 1 ? "" : "s") per row after a warm-up, seed \(seed)",
        ]
    }

    private var footer: [String] {
        [
            "ops/s: operations per second, median of the runs (min-max beside it).",
            "× raw-sqlite: the row's median over raw-sqlite's; dispatches/op: jobs sent to a context's queue per operation.",
            "outcome ok: the database checksum, every value read and the note count equal the reference model's.",
        ]
    }

    static let columns: [TextTable.Column] = [
        .init(title: "row"), .init(title: "kind"),
        .init(title: "ops/s", alignRight: true), .init(title: "min-max", alignRight: true),
        .init(title: "× raw-sqlite", alignRight: true), .init(title: "dispatches/op", alignRight: true),
        .init(title: "checksum"), .init(title: "outcome"),
    ]
}

extension BenchReport.ScenarioResult {
    /// The table cells of every row, in column order.
    var cells: [[String]] {
        rows.map { row in
            guard let throughput = row.throughput else {
                return [row.name, row.kind.rawValue, "-", "-", "-", "-", "-", "FAILED: \(row.failure ?? "no result")"]
            }
            let ratio = referenceThroughput.map { String(format: "%.2f", throughput.median / $0) } ?? "-"
            return [
                row.name, row.kind.rawValue,
                Format.grouped(throughput.median),
                "\(Format.grouped(throughput.min))-\(Format.grouped(throughput.max))",
                ratio,
                row.queueDispatchesPerOperation.map { String(format: "%.2f", $0) } ?? "-",
                row.checksum?.description ?? "-",
                row.outcomeMatches ? "ok" : "DIFFERS",
            ]
        }
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
}
