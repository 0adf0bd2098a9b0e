import Foundation
import Support

// MARK: - Throughput by list size: SVG line chart

extension BenchReport {
    /// One list-size sweep as a line chart, readable without the text around it: list
    /// sizes across, log10 spaced so that 1, 10, 100 and 1,000 stand evenly apart; each row's
    /// throughput over the base row's up, log2 spaced, with the line at 1 where the row matches
    /// one caller at a time; one line per row in its kind's colour, labelled at its end.
    package func renderedListSizeSVG(_ sweep: ListSizeSweep) -> String {
        let left = 80.0, plotWidth = 520.0, labelWidth = 190.0, top = 74.0, plotHeight = 300.0
        let bottom = top + plotHeight, right = left + plotWidth
        let width = right + labelWidth, height = bottom + 78
        // Ratios on a log2 axis, from the power of two below the least to the one above the
        // most, 1 always in: 0.5× and 2× stand as far from 1 as they are from each other.
        let ratios = sweep.lines.flatMap { $0.relative.compactMap { $0 } }.filter { $0 > 0 } + [1]
        let lowest = floor(log2(ratios.min() ?? 1)), highest = max(ceil(log2(ratios.max() ?? 1)), lowest + 1)
        let smallest = log10(Double(sweep.sizes.first ?? 1)), largest = log10(Double(sweep.sizes.last ?? 1))
        func x(_ size: Int) -> Double {
            largest > smallest ? left + plotWidth * (log10(Double(size)) - smallest) / (largest - smallest) : left + plotWidth / 2
        }
        func y(_ ratio: Double) -> Double { bottom - plotHeight * (log2(ratio) - lowest) / (highest - lowest) }

        var svg = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">"##,
            ##"<rect width="100%" height="100%" fill="white"/>"##,
            ##"<text x="10" y="20" font-size="14" font-weight="bold">\##(Self.escape("\(sweep.scenario.rawValue): throughput ÷ \(sweep.base.rawValue)'s, by list size (\(Self.clients(sweep.clients)); above 1 is faster)"))</text>"##,
            ##"<text x="10" y="38" fill="#555">\##(Self.escape("\(machine.cores) cores, \(machine.os), Swift \(machine.swift); \(ISO8601DateFormatter().string(from: date))"))</text>"##,
            ##"<text x="10" y="54" fill="#555">\##(Self.escape("ops/s, median of the timed runs, over \(sweep.base.rawValue)'s at the same size: the same reads, one caller at a time"))</text>"##,
        ]
        for power in Int(lowest)...Int(highest) {
            let value = pow(2, Double(power)), level = Self.svgCoordinate(y(value))
            svg.append(##"<line x1="\##(left)" y1="\##(level)" x2="\##(right)" y2="\##(level)" stroke="#ddd"/>"##)
            svg.append(##"<text x="\##(left - 6)" y="\##(level)" dy="4" text-anchor="end" fill="#333">\##(Format.decimal(value, digits: 2))×</text>"##)
        }
        let one = Self.svgCoordinate(y(1))
        svg.append(##"<line x1="\##(left)" y1="\##(one)" x2="\##(right)" y2="\##(one)" stroke="#333" stroke-dasharray="4,3"/>"##)
        for size in sweep.sizes {
            let column = Self.svgCoordinate(x(size))
            svg.append(##"<line x1="\##(column)" y1="\##(top)" x2="\##(column)" y2="\##(bottom)" stroke="#eee"/>"##)
            svg.append(##"<text x="\##(column)" y="\##(bottom + 16)" text-anchor="middle" fill="#333">\##(Format.grouped(Double(size)))</text>"##)
        }
        svg.append(##"<line x1="\##(left)" y1="\##(bottom)" x2="\##(right)" y2="\##(bottom)" stroke="#333"/>"##)
        svg.append(##"<line x1="\##(left)" y1="\##(top)" x2="\##(left)" y2="\##(bottom)" stroke="#333"/>"##)
        svg.append(##"<text x="\##(left + plotWidth / 2)" y="\##(bottom + 32)" text-anchor="middle" fill="#333">titles per list read</text>"##)
        svg.append(##"<text x="\##(left)" y="\##(top - 8)" fill="#333">× \##(sweep.base.rawValue)</text>"##)

        svg += Self.chartLines(
            sweep.lines.map { line in
                let points = zip(sweep.sizes, line.relative).compactMap { size, ratio in ratio.map { (x: x(size), y: y($0)) } }
                let last = line.relative.last.flatMap { $0 }.map { " " + Format.decimal($0, digits: 2) + "×" } ?? " failed"
                return (line.kind, points, line.name + last)
            },
            top: top, bottom: bottom, labelsAt: right + 8, height: height
        )
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }
}
