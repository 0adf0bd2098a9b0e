import Foundation
import Workload
import Support
import RowKit

// MARK: - SVG bar chart

extension BenchReport {
    /// A bar chart of each row's throughput relative to raw-sqlite, one group per scenario,
    /// readable without the text around it.
    package func renderedSVG() -> String {
        let rowNames = scenarios.first?.rows.map(\.name) ?? []
        let barHeight = 14.0, groupGap = 26.0, labelWidth = 150.0, plotWidth = 560.0, top = 58.0
        let groupHeight = Double(rowNames.count) * barHeight + groupGap
        let height = top + Double(scenarios.count) * groupHeight + 40
        let width = labelWidth + plotWidth + 90
        let maximum = max(1.0, scenarios.flatMap { scenario in
            scenario.rows.compactMap { row in scenario.referenceThroughput.flatMap { reference in row.throughput.map { $0.median / reference } } }
        }.max() ?? 1)
        func x(_ ratio: Double) -> Double { labelWidth + plotWidth * ratio / maximum }

        var svg = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">"##,
            ##"<rect width="100%" height="100%" fill="white"/>"##,
            ##"<text x="10" y="20" font-size="14" font-weight="bold">Throughput relative to raw-sqlite (1.0 = the SQL alone; longer is faster; whiskers: least to most of the runs; ~: order not established)</text>"##,
            ##"<text x="10" y="38" fill="#555">\##(Self.escape("\(machine.cores) cores, \(machine.os), Swift \(machine.swift); \(ISO8601DateFormatter().string(from: date))"))</text>"##,
        ]
        let one = x(1)
        svg.append(##"<line x1="\##(one)" y1="\##(top - 8)" x2="\##(one)" y2="\##(height - 30)" stroke="#333" stroke-dasharray="3,3"/>"##)
        svg.append(##"<text x="\##(one + 3)" y="\##(height - 18)" fill="#333">1.0</text>"##)
        for (groupIndex, scenario) in scenarios.enumerated() {
            let groupTop = top + Double(groupIndex) * groupHeight
            svg.append(##"<text x="10" y="\##(groupTop + 4)" font-weight="bold">\##(title(of: scenario))</text>"##)
            if scenario.leavesOutReference {
                // No bar can be relative to a row the scenario does not run.
                let note = "not shown: raw-sqlite does not run this scenario, so no row has a ratio to it"
                svg.append(##"<text x="\##(labelWidth)" y="\##(groupTop + 8 + barHeight - 4)" fill="#555">\##(note)</text>"##)
                continue
            }
            for (rowIndex, row) in scenario.rows.enumerated() {
                let y = groupTop + 8 + Double(rowIndex) * barHeight
                svg.append(##"<text x="\##(labelWidth - 6)" y="\##(y + barHeight - 4)" text-anchor="end">\##(row.name)</text>"##)
                guard let reference = scenario.referenceThroughput, let median = row.throughput?.median else {
                    svg.append(##"<text x="\##(labelWidth + 4)" y="\##(y + barHeight - 4)" fill="#b00">failed</text>"##)
                    continue
                }
                let ratio = median / reference
                let color = Self.color(for: row.kind)
                svg.append(##"<rect x="\##(labelWidth)" y="\##(y + 1)" width="\##(max(1, x(ratio) - labelWidth))" height="\##(barHeight - 3)" fill="\##(color)"/>"##)
                // The whisker spans the least and the most of the timed runs.
                let low = x(row.throughput!.min / reference), high = x(row.throughput!.max / reference)
                let middle = y + (barHeight - 1) / 2
                svg.append(##"<line x1="\##(low)" y1="\##(middle)" x2="\##(high)" y2="\##(middle)" stroke="#111"/>"##)
                svg.append(##"<line x1="\##(low)" y1="\##(middle - 3)" x2="\##(low)" y2="\##(middle + 3)" stroke="#111"/>"##)
                svg.append(##"<line x1="\##(high)" y1="\##(middle - 3)" x2="\##(high)" y2="\##(middle + 3)" stroke="#111"/>"##)
                let hidden = scenario.spreadHidesRanking(of: row) ? " ~" : ""
                svg.append(##"<text x="\##(max(x(ratio), high) + 4)" y="\##(y + barHeight - 4)">\##(Format.decimal(ratio, digits: 2))\##(hidden)</text>"##)
            }
        }
        var legendX = 10.0
        for kind in ["pattern", "anti-pattern", "baseline", "peer"] {
            svg.append(##"<rect x="\##(legendX)" y="\##(height - 14)" width="10" height="10" fill="\##(Self.color(kind))"/>"##)
            svg.append(##"<text x="\##(legendX + 14)" y="\##(height - 5)">\##(kind)</text>"##)
            legendX += 95
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    static func color(for kind: RowKit.RowDescriptor.Kind) -> String { color(kind.rawValue) }

    static func color(_ kind: String) -> String {
        switch kind {
        case "pattern": "#3b7dd8"
        case "anti-pattern": "#d8553b"
        case "baseline": "#7a7a7a"
        default: "#5aa469"
        }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
