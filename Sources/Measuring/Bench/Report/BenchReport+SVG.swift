import Foundation
import Workload
import Support
import RowKit

// MARK: - SVG charts, a panel per scenario

extension BenchReport {
    /// The charts of Results.svg: a panel per scenario, each with an axis of its own, so that
    /// no scenario's bars set the scale of another's. A scenario with raw-sqlite shows each
    /// row's throughput relative to it, with the range of the timed runs; a scenario with a
    /// list (ui-during-import) shows the share of frames each row's list missed.
    package func renderedSVG() -> String {
        let panels = scenarios.map(panel(of:))
        let height = Self.chartTop + panels.reduce(0) { $0 + $1.height } + 34
        var svg = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(Self.chartWidth))" height="\##(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">"##,
            ##"<rect width="100%" height="100%" fill="white"/>"##,
            ##"<text x="10" y="20" font-size="14" font-weight="bold">lab bench: a panel per scenario, each with its own scale</text>"##,
            ##"<text x="10" y="38" fill="#555">\##(Self.escape("\(machine.cores) cores, \(machine.os), Swift \(machine.swift); \(ISO8601DateFormatter().string(from: date))"))</text>"##,
        ]
        var top = Self.chartTop
        for (index, panel) in panels.enumerated() {
            svg.append(##"<g id="panel-\##(index + 1)" data-scenario="\##(panel.scenario)" transform="translate(0,\##(Self.coordinate(top)))">"##)
            svg.append(contentsOf: panel.elements)
            svg.append("</g>")
            top += panel.height
        }
        var legendX = 10.0
        for kind in ["pattern", "anti-pattern", "baseline", "peer"] {
            svg.append(##"<rect x="\##(legendX)" y="\##(height - 18)" width="10" height="10" fill="\##(Self.color(kind))"/>"##)
            svg.append(##"<text x="\##(legendX + 14)" y="\##(height - 9)">\##(kind)</text>"##)
            legendX += 95
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    // MARK: The canvas

    /// The canvas's width: the labels, the plot, and room for each bar's value after it.
    package static let chartWidth = 820.0
    static let chartTop = 52.0
    static let labelWidth = 150.0
    static let plotWidth = 500.0
    static let barHeight = 14.0

    /// How wide a text of `characters` characters at 11 px may be drawn: more than any of
    /// Helvetica's or Arial's glyphs but W and M need, so a text measured with it fits.
    package static func textWidth(_ characters: Int, fontSize: Double = 11) -> Double {
        Double(characters) * fontSize * 0.62
    }

    // MARK: A panel

    struct Panel {
        var scenario: String
        var height: Double
        var elements: [String]
    }

    /// One scenario's panel: its title, its axis, a bar per row.
    func panel(of scenario: ScenarioResult) -> Panel {
        let name = title(of: scenario)
        let showsFrames = scenario.leavesOutReference && scenario.rows.contains { $0.frames != nil }
        let title = showsFrames
            ? "\(name): frames the list missed, % of the frames due (shorter is better)"
            : "\(name): ops/s relative to raw-sqlite, whiskers the least and most run (longer is faster)"
        var elements = [##"<text x="10" y="14" font-weight="bold">\##(Self.escape(title))</text>"##]
        let rowsTop = 32.0
        let height = rowsTop + Double(max(scenario.rows.count, 1)) * Self.barHeight + 26
        let bars: [(row: RowResult, value: Double, low: Double, high: Double, label: String)?] = scenario.rows.map { row in
            if showsFrames {
                guard let share = row.frames?.missedShare, let frames = row.frames?.pooled else { return nil }
                return (row, share * 100, share * 100, share * 100, "\(Format.decimal(share * 100, digits: 1))% (\(frames.missed) of \(frames.due))")
            }
            guard let reference = scenario.referenceThroughput, let throughput = row.throughput else { return nil }
            let rank = scenario.tier(of: row).map { " · rank \($0)" } ?? ""
            return (row, throughput.median / reference, throughput.min / reference, throughput.max / reference,
                    Format.decimal(throughput.median / reference, digits: 2) + rank)
        }
        if !showsFrames && scenario.referenceThroughput == nil {
            let note = "not drawn: raw-sqlite did not run, so no row has a ratio to it"
            elements.append(##"<text x="\##(Self.labelWidth)" y="\##(rowsTop + 10)" fill="#555">\##(note)</text>"##)
            return Panel(scenario: scenario.scenario.rawValue, height: rowsTop + 30, elements: elements)
        }
        let maximum = Self.niceCeiling(bars.compactMap { $0?.high }.max() ?? 1)
        func x(_ value: Double) -> Double { Self.labelWidth + Self.plotWidth * min(value, maximum) / maximum }
        // The axis: four steps, and 1.0 marked where it falls inside a ratio's scale.
        for step in 0...4 {
            let value = maximum * Double(step) / 4
            let position = x(value)
            elements.append(##"<line x1="\##(Self.coordinate(position))" y1="\##(rowsTop - 4)" x2="\##(Self.coordinate(position))" y2="\##(height - 22)" stroke="#ddd"/>"##)
            elements.append(##"<text x="\##(Self.coordinate(position))" y="\##(height - 10)" text-anchor="middle" fill="#555">\##(Self.tick(value))</text>"##)
        }
        if !showsFrames, maximum >= 1 {
            let one = x(1)
            elements.append(##"<line x1="\##(Self.coordinate(one))" y1="\##(rowsTop - 6)" x2="\##(Self.coordinate(one))" y2="\##(height - 22)" stroke="#333" stroke-dasharray="3,3"/>"##)
        }
        for (index, row) in scenario.rows.enumerated() {
            let y = rowsTop + Double(index) * Self.barHeight
            elements.append(##"<text x="\##(Self.labelWidth - 6)" y="\##(y + Self.barHeight - 4)" text-anchor="end">\##(row.name)</text>"##)
            guard let bar = bars[index] else {
                let why = row.failure == nil ? "no value" : "failed"
                elements.append(##"<text x="\##(Self.labelWidth + 4)" y="\##(y + Self.barHeight - 4)" fill="#b00">\##(why)</text>"##)
                continue
            }
            let width = max(1, x(bar.value) - Self.labelWidth)
            elements.append(##"<rect x="\##(Self.labelWidth)" y="\##(y + 1)" width="\##(Self.coordinate(width))" height="\##(Self.barHeight - 3)" fill="\##(Self.color(for: row.kind))"/>"##)
            let middle = y + (Self.barHeight - 1) / 2
            if bar.high > bar.low {
                let low = Self.coordinate(x(bar.low)), high = Self.coordinate(x(bar.high))
                elements.append(##"<line x1="\##(low)" y1="\##(Self.coordinate(middle))" x2="\##(high)" y2="\##(Self.coordinate(middle))" stroke="#111"/>"##)
                for end in [low, high] {
                    elements.append(##"<line x1="\##(end)" y1="\##(Self.coordinate(middle - 3))" x2="\##(end)" y2="\##(Self.coordinate(middle + 3))" stroke="#111"/>"##)
                }
            }
            elements.append(##"<text x="\##(Self.coordinate(x(bar.high) + 4))" y="\##(y + Self.barHeight - 4)">\##(Self.escape(bar.label))</text>"##)
        }
        return Panel(scenario: scenario.scenario.rawValue, height: height, elements: elements)
    }

    /// An axis label: as few decimals as the value needs.
    private static func tick(_ value: Double) -> String {
        let digits = value == value.rounded() ? 0 : (value * 10 == (value * 10).rounded() ? 1 : 2)
        return Format.decimal(value, digits: digits)
    }

    private static func coordinate(_ value: Double) -> String { Format.decimal(value, digits: 1) }

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
