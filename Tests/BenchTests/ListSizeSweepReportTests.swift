import Foundation
import RowKit
import Testing
import Workload

@testable import Bench

/// The throughput-by-list-size table, JSON and chart, rendered from a report built by hand:
/// every size has its own numbers, so a renderer that divides by another size's base, or
/// drops a size, fails.
@Suite("The list-size sweep's table, JSON and chart")
struct ListSizeSweepReportTests {
    // MARK: A report built by hand

    static let sizes = [1, 10, 50, 250, 1_000]

    /// Operations per second of each row at each size; nil where it failed. reader-pool
    /// passes store-sync at 50 titles and stays ahead; grdb-pool is ahead at 10, behind at
    /// 50, ahead from 250 on; custom-executor fails at 250.
    static let throughput: [(row: RowDescriptor, values: [Double?])] = [
        (.storeSync, [100_000, 50_000, 20_000, 5_000, 1_500]),
        (.readerPool, [60_000, 40_000, 24_000, 8_000, 2_700]),
        (.grdbPool, [50_000, 55_000, 18_000, 6_000, 2_400]),
        (.customExecutor, [40_000, 30_000, 15_000, nil, 1_200]),
    ]

    static func sweptReport() -> BenchReport {
        let sizes = Self.sizes.indices.map { index in
            result(.listRead, clients: 4, listTitles: Self.sizes[index], rows: throughput.map { row in
                var cell = BenchReport.RowResult(row: row.row, failure: "planted")
                guard let value = row.values[index] else { return cell }
                cell.failure = nil
                cell.throughput = BenchReport.Spread([value * 0.9, value, value * 1.1])
                return cell
            })
        }
        var mixed = BenchReport.RowResult(row: .rawSQLite, failure: "")
        mixed.failure = nil
        mixed.throughput = BenchReport.Spread([9_000])
        return ClientSweepReportTests.report(sizes + [result(.mixed, clients: 4, listTitles: nil, rows: [mixed])])
    }

    static func result(
        _ scenario: Scenario, clients: Int, listTitles: Int?, rows: [BenchReport.RowResult]
    ) -> BenchReport.ScenarioResult {
        BenchReport.ScenarioResult(
            scenario: scenario, operations: 40, clients: clients, listTitles: listTitles,
            expectedChecksum: Checksum(value: 7), rows: rows
        )
    }

    // MARK: The model

    @Test("Each size's ratio divides by store-sync at that size, and the crossover is where a row stays ahead")
    func sweepModel() throws {
        let report = Self.sweptReport()
        #expect(report.clientSweeps.isEmpty, "list sizes are not a client sweep")
        let sweep = try #require(report.listSizeSweeps.first)
        #expect(report.listSizeSweeps.count == 1)
        #expect(sweep.sizes == Self.sizes)
        #expect(sweep.clients == 4)
        #expect(sweep.lines.map(\.name) == Self.throughput.map(\.row.name))
        let reader = sweep.lines[1]
        #expect(reader.relative.map { $0.map { ($0 * 100).rounded() / 100 } } == [0.6, 0.8, 1.2, 1.6, 1.8])
        #expect(reader.crossover(in: sweep.sizes) == 50)
        #expect(sweep.lines[0].crossover(in: sweep.sizes) == nil, "store-sync never beats itself")
        #expect(sweep.lines[2].crossover(in: sweep.sizes) == 250, "ahead at 10 does not count when behind at 50")
        #expect(sweep.lines[3].relative[3] == nil)
        #expect(sweep.lines[3].crossover(in: sweep.sizes) == nil)
    }

    @Test("A lone size has no sweep, but its title still names its size")
    func singleSize() throws {
        let report = ClientSweepReportTests.report([Self.sweptReport().scenarios[2]])
        #expect(report.listSizeSweeps.isEmpty)
        #expect(!report.renderedTable().contains("throughput by list size"))
        #expect(report.renderedTable().contains("\nlist-read of 50 titles: "))
    }

    // MARK: Terminal, Markdown, JSON

    @Test("The table has a cell per size with its ops/s and ratio, then the crossover, after the largest size's table")
    func table() throws {
        let report = Self.sweptReport()
        let sweep = try #require(report.listSizeSweeps.first)
        #expect(BenchReport.listSizeColumns(sweep).map(\.title) == [
            "row", "kind", "clients", "1 title", "10 titles", "50 titles", "250 titles", "1000 titles", "crossover", "outcome",
        ])
        let cells = BenchReport.listSizeCells(sweep)
        #expect(cells[1] == [
            "reader-pool", "pattern", "concurrent", "60,000 · 0.60×", "40,000 · 0.80×", "24,000 · 1.20×", "8,000 · 1.60×",
            "2,700 · 1.80×", "50", "ok",
        ])
        #expect(cells[3][6] == "-" && cells[3].last == "FAILED at 250")
        #expect(cells[0][8] == "none")
        let lines = report.renderedTable(wide: true).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "list-read: throughput by list size, 4 clients"))
        #expect(lines.firstIndex { $0.hasPrefix("list-read of 1000 titles:") }! < start)
        #expect(start < lines.firstIndex { $0.hasPrefix("mixed:") }!)
        let markdown = report.renderedMarkdown(linkingCharts: true)
        #expect(markdown.contains("| reader-pool | pattern | concurrent | 60,000 · 0.60× |"))
        #expect(markdown.contains("(Sizes-list-read.svg)"))
        #expect(!report.renderedMarkdown().contains("Sizes-list-read.svg"))
    }

    @Test("list_sizes gives each row a cell per size with its median, its ratio and its checksum, and the crossover")
    func json() throws {
        let json = try ClientSweepReportTests.json(Self.sweptReport())
        let sweep = try #require((json["list_sizes"] as? [[String: Any]])?.first)
        #expect(sweep["titles"] as? [Int] == Self.sizes)
        #expect(sweep["base"] as? String == "store-sync")
        let rows = try #require(sweep["rows"] as? [[String: Any]])
        let reader = try #require(rows.first { $0["row"] as? String == "reader-pool" })
        #expect(reader["crossover"] as? Int == 50)
        let cells = try #require(reader["cells"] as? [[String: Any]])
        #expect(cells.map { $0["ops_per_s"] as? Double } == Self.throughput[1].values)
        #expect(cells.map { $0["titles"] as? Int } == Self.sizes)
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { $0["list_titles"] as? Int } == Self.sizes.map(Optional.some) + [nil])
    }

    // MARK: The chart

    @Test("The chart has a line per row at its ratios, log-spaced sizes, the line at 1, and no text past the canvas")
    func chart() throws {
        let report = Self.sweptReport()
        let sweep = try #require(report.listSizeSweeps.first)
        let elements = try SVGElements(report.renderedListSizeSVG(sweep))
        let lines = elements.all("polyline").map { polyline in
            (polyline["points"] ?? "").split(separator: " ").map { pair in pair.split(separator: ",").compactMap { Double($0) } }
        }
        #expect(lines.map(\.count) == [5, 5, 5, 4], "a point per size, none where the row failed")
        let xs = lines[0].map { $0[0] }
        #expect(abs((xs[1] - xs[0]) - (xs[2] - xs[1]) * log10(10) / log10(5)) < 0.5, "log spacing")
        // store-sync is at 1 everywhere: its line is flat, and on the dashed line at 1.
        let storeSync = Set(lines[0].map { $0[1] })
        #expect(storeSync.count == 1)
        let one = try #require(elements.all("line").first { $0["stroke-dasharray"] != nil })
        #expect(one["y1"].flatMap(Double.init) == storeSync.first)
        // reader-pool rises: each point higher, a smaller y, than the one before.
        let reader = lines[1].map { $0[1] }
        #expect(zip(reader, reader.dropFirst()).allSatisfy { $1 < $0 })
        #expect(elements.texts.contains("reader-pool 1.80×"))
        let width = try #require(elements.all("svg").first?["width"].flatMap(Double.init))
        for (attributes, text) in zip(elements.all("text"), elements.texts) {
            let x = try #require(attributes["x"].flatMap(Double.init))
            let span = BenchReport.textWidth(text.count, fontSize: attributes["font-size"].flatMap(Double.init) ?? 11)
            let (left, right) = switch attributes["text-anchor"] {
            case "end": (x - span, x)
            case "middle": (x - span / 2, x + span / 2)
            default: (x, x + span)
            }
            #expect(left >= 0 && right <= width, "'\(text)' spans \(Int(left)) to \(Int(right)) of \(Int(width))")
        }
    }
}
