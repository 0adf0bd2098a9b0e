import Foundation
import RowKit
import Support

// MARK: - Throughput by clients: SVG line chart

extension BenchReport {
    /// One sweep as a line chart, readable without the text around it: clients across, log2
    /// spaced so that 1, 2, 4 and 8 stand evenly apart; operations per second up, from 0;
    /// one line per row in its kind's colour, labelled at its end with its name and scaling.
    package func renderedScalingSVG(_ sweep: ClientSweep) -> String {
        let left = 80.0, plotWidth = 520.0, labelWidth = 190.0, top = 74.0, plotHeight = 300.0
        let bottom = top + plotHeight, right = left + plotWidth
        let width = right + labelWidth, height = bottom + 78
        let maximum = Self.niceCeiling(sweep.lines.flatMap { $0.throughput.compactMap { $0 } }.max() ?? 0)
        let fewest = log2(Double(sweep.counts.first ?? 1)), most = log2(Double(sweep.counts.last ?? 1))
        func x(_ count: Int) -> Double {
            most > fewest ? left + plotWidth * (log2(Double(count)) - fewest) / (most - fewest) : left + plotWidth / 2
        }
        func y(_ throughput: Double) -> Double { bottom - plotHeight * throughput / maximum }

        var svg = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">"##,
            ##"<rect width="100%" height="100%" fill="white"/>"##,
            ##"<text x="10" y="20" font-size="14" font-weight="bold">\##(sweep.scenario.rawValue): throughput by clients (ops/s, median of the timed runs; higher is faster)</text>"##,
            ##"<text x="10" y="38" fill="#555">\##(Self.escape("\(machine.cores) cores, \(machine.os), Swift \(machine.swift); \(ISO8601DateFormatter().string(from: date))"))</text>"##,
            ##"<text x="10" y="54" fill="#555">\##(Self.escape(scalingNote(sweep)))</text>"##,
        ]
        // The grid: four steps of throughput, one line per client count.
        for step in 0...4 {
            let value = maximum * Double(step) / 4, level = Self.svgCoordinate(y(value))
            svg.append(##"<line x1="\##(left)" y1="\##(level)" x2="\##(right)" y2="\##(level)" stroke="#ddd"/>"##)
            svg.append(##"<text x="\##(left - 6)" y="\##(level)" dy="4" text-anchor="end" fill="#333">\##(Format.grouped(value))</text>"##)
        }
        for count in sweep.counts {
            let column = Self.svgCoordinate(x(count))
            svg.append(##"<line x1="\##(column)" y1="\##(top)" x2="\##(column)" y2="\##(bottom)" stroke="#eee"/>"##)
            svg.append(##"<text x="\##(column)" y="\##(bottom + 16)" text-anchor="middle" fill="#333">\##(count)</text>"##)
        }
        svg.append(##"<line x1="\##(left)" y1="\##(bottom)" x2="\##(right)" y2="\##(bottom)" stroke="#333"/>"##)
        svg.append(##"<line x1="\##(left)" y1="\##(top)" x2="\##(left)" y2="\##(bottom)" stroke="#333"/>"##)
        svg.append(##"<text x="\##(left + plotWidth / 2)" y="\##(bottom + 32)" text-anchor="middle" fill="#333">clients</text>"##)
        svg.append(##"<text x="14" y="\##(top + plotHeight / 2)" text-anchor="middle" fill="#333" transform="rotate(-90 14 \##(top + plotHeight / 2))">ops/s</text>"##)

        svg += Self.chartLines(
            sweep.lines.map { line in
                let points = zip(sweep.counts, line.throughput).compactMap { count, throughput in
                    throughput.map { (x: x(count), y: y($0)) }
                }
                let scaling = line.scaling.map { " " + Format.decimal($0, digits: 2) + "×" } ?? " failed"
                return (line.kind, points, line.name + scaling)
            },
            top: top, bottom: bottom, labelsAt: right + 8, height: height
        )
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    // MARK: Layout

    /// One polyline per series, with a dot per point, in its kind's colour, the lines of one
    /// kind told apart by their dashes; each labelled at its end, the labels kept apart
    /// between `top` and `bottom`; then the legend of the kinds along the bottom of a
    /// canvas `height` high.
    static func chartLines(
        _ series: [(kind: RowDescriptor.Kind, points: [(x: Double, y: Double)], label: String)],
        top: Double, bottom: Double, labelsAt labelX: Double, height: Double
    ) -> [String] {
        var svg: [String] = []
        var labels: [(y: Double, text: String, color: String)] = []
        var drawnOfKind: [String: Int] = [:]
        for line in series {
            let color = color(for: line.kind)
            let dashes = lineDashes[drawnOfKind[line.kind.rawValue, default: 0] % lineDashes.count]
            drawnOfKind[line.kind.rawValue, default: 0] += 1
            let path = line.points.map { "\(svgCoordinate($0.x)),\(svgCoordinate($0.y))" }.joined(separator: " ")
            let dashing = dashes.isEmpty ? "" : ##" stroke-dasharray="\##(dashes)""##
            svg.append(##"<polyline points="\##(path)" fill="none" stroke="\##(color)" stroke-width="2"\##(dashing)/>"##)
            for point in line.points {
                svg.append(##"<circle cx="\##(svgCoordinate(point.x))" cy="\##(svgCoordinate(point.y))" r="3" fill="\##(color)"/>"##)
            }
            labels.append((line.points.last?.y ?? bottom, escape(line.label), color))
        }
        for label in spreadLabels(labels, from: top, to: bottom + 8) {
            svg.append(##"<text x="\##(labelX)" y="\##(svgCoordinate(label.y))" dy="4" fill="\##(label.color)">\##(label.text)</text>"##)
        }
        var legendX = 10.0
        for kind in ["pattern", "anti-pattern", "baseline", "peer"] {
            svg.append(##"<rect x="\##(legendX)" y="\##(height - 14)" width="10" height="10" fill="\##(color(kind))"/>"##)
            svg.append(##"<text x="\##(legendX + 14)" y="\##(height - 5)">\##(kind)</text>"##)
            legendX += 95
        }
        return svg
    }

    /// What the number after each name is, and how lines of one kind differ.
    private func scalingNote(_ sweep: ClientSweep) -> String {
        let first = sweep.counts.first ?? 1, last = sweep.counts.last ?? 1
        return "after each name: ops/s at \(Self.clients(last)) over ops/s at \(Self.clients(first)); rows of one kind differ by their dashes"
    }

    /// The dash patterns that tell apart the lines of one kind, in turn.
    static let lineDashes = ["", "6,3", "2,2", "8,3,2,3"]

    /// The end labels moved apart to at least a line's height, in the order of their
    /// lines' ends, and kept between `top` and `bottom`.
    static func spreadLabels(
        _ labels: [(y: Double, text: String, color: String)], from top: Double, to bottom: Double
    ) -> [(y: Double, text: String, color: String)] {
        var sorted = labels.sorted { $0.y < $1.y }
        let gap = 13.0
        for index in sorted.indices.dropFirst() { sorted[index].y = max(sorted[index].y, sorted[index - 1].y + gap) }
        if let last = sorted.indices.last { sorted[last].y = min(sorted[last].y, bottom) }
        for index in sorted.indices.dropLast().reversed() { sorted[index].y = min(sorted[index].y, sorted[index + 1].y - gap) }
        for index in sorted.indices { sorted[index].y = max(sorted[index].y, top) }
        return sorted
    }

    /// The least of 1, 2, 4, 6, 8 and 10 times a power of ten that reaches `value`: an axis
    /// whose quarters are round numbers.
    package static func niceCeiling(_ value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        let power = pow(10, floor(log10(value)))
        let multiple = [1.0, 2, 4, 6, 8, 10].first { $0 * power >= value } ?? 10
        return multiple * power
    }

    /// A coordinate with one decimal: enough for a screen, short in the file.
    static func svgCoordinate(_ value: Double) -> String { Format.decimal(value, digits: 1) }
}
