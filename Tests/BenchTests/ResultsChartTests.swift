import Baselines
import CustomExecutorStore
import Foundation
import Meters
import QueuePerformStore
import RowKit
import Rows
import Support
import Testing
import Workload

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import Bench

/// Results.svg: a panel per scenario with a scale of its own, ui-during-import drawn as
/// frames missed, and no text past the canvas. Drawn from a report built by hand in which one
/// scenario's ratios are thirty times another's, so one axis for all would squeeze it.
@Suite("Results.svg: a panel per scenario")
struct ResultsChartTests {
    /// Every row of the catalog in every scenario; sync's rows run thirty times as fast as
    /// raw-sqlite, point-read's at most a third; ui-during-import has frames, no raw-sqlite.
    static func report() -> BenchReport {
        let scenarios = Scenario.allCases.map { scenario -> BenchReport.ScenarioResult in
            var rows = RowCatalog.all.enumerated().compactMap { index, descriptor -> BenchReport.RowResult? in
                if scenario == .uiDuringImport && descriptor.id == .rawSQLite { return nil }
                let speed: Double = descriptor.id == .rawSQLite ? 1_000 : (scenario == .sync ? 30_000 : 100 + Double(index) * 20)
                var row = TerminalReportTests.row(descriptor, rounds: [1e9 / speed, 1e9 / (speed * 1.1), 1e9 / (speed * 0.9)])
                if scenario == .uiDuringImport {
                    var log = FrameLog()
                    (log.due, log.rendered, log.onTime, log.renderings) = (100, 100 - index, 100 - index * 3, 1)
                    row.frames = BenchReport.FrameSummary(logs: [log], batch: 1_000)
                }
                return row
            }
            rows.append(BenchReport.RowResult(row: .actorPerObject, failure: "planted"))
            var result = TerminalReportTests.scenario(rows, scenario)
            if scenario == .uiDuringImport { result.rowsNotRun = [(RowID.rawSQLite.rawValue, "one caller at a time")] }
            return result
        }
        return TerminalReportTests.report(scenarios)
    }

    @Test("Every scenario has a panel, each panel's longest bar spans at least half the plot, and ui-during-import shows frames missed")
    func panels() throws {
        let svg = try SVGElements(Self.report().renderedSVG())
        let groups = svg.all("g")
        #expect(groups.compactMap { $0["data-scenario"] } == Scenario.allCases.map(\.rawValue))
        #expect(svg.texts.contains { $0.hasPrefix("ui-during-import: frames the list missed") })
        #expect(svg.texts.contains { $0.hasPrefix("sync: ops/s relative to raw-sqlite") })
        // Each panel's bars, in the document's order: the first scenario's rows come first.
        let rowsPerPanel = RowCatalog.all.count + 1
        let bars = svg.all("rect").compactMap { $0["width"].flatMap(Double.init) }.filter { $0 < BenchReport.chartWidth }
        let widths = bars
        var start = 0
        for scenario in Scenario.allCases {
            let count = rowsPerPanel - 1 - (scenario == .uiDuringImport ? 1 : 0)
            let panel = widths[start..<min(start + count, widths.count)]
            #expect((panel.max() ?? 0) >= BenchReport.plotWidth / 2, "\(scenario.rawValue): the longest bar is squeezed")
            start += count
        }
    }

    @Test("No text runs past the canvas, at either side, by the width a text of its length may take")
    func nothingPastTheCanvas() throws {
        let document = Self.report().renderedSVG()
        let svg = try SVGElements(document)
        let width = try #require(svg.all("svg").first?["width"].flatMap(Double.init))
        let texts = svg.all("text")
        #expect(texts.count == svg.texts.count)
        for (attributes, text) in zip(texts, svg.texts) {
            let x = try #require(attributes["x"].flatMap(Double.init))
            let size = attributes["font-size"].flatMap(Double.init) ?? 11
            let span = BenchReport.textWidth(text.count, fontSize: size)
            let (left, right) = switch attributes["text-anchor"] {
            case "end": (x - span, x)
            case "middle": (x - span / 2, x + span / 2)
            default: (x, x + span)
            }
            #expect(left >= 0 && right <= width, "'\(text)' spans \(Int(left)) to \(Int(right)) of \(Int(width))")
        }
    }
}
