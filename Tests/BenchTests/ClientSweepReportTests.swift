import Foundation
import RowKit
import Testing
import Workload

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import Bench

/// The throughput-by-clients table, JSON and chart, rendered from a report built by hand:
/// every count has its own numbers, so a renderer that shows one count's numbers for
/// another, or drops a count, fails.
@Suite("The client sweep's table, JSON and chart")
struct ClientSweepReportTests {
    // MARK: A report built by hand

    /// Operations per second of each row at 1, 2 and 4 clients of mixed; nil where it failed.
    static let throughput: [(row: RowDescriptor, values: [Double?])] = [
        (.queuePerform, [1_000, 1_800, 3_000]),
        (.rawSQLite, [5_000, 4_800, 4_500]),
        (.customExecutor, [2_000, 2_500, nil]),
    ]
    static let counts = [1, 2, 4]

    /// mixed at each count, then sync at one client, which no sweep includes. raw-sqlite's
    /// outcome differs at 2 clients; custom-executor fails at 4.
    static func sweptReport() -> BenchReport {
        let mixed = counts.indices.map { index in
            result(.mixed, clients: counts[index], rows: throughput.map { row in
                var cell = BenchReport.RowResult(row: row.row, failure: "planted")
                guard let value = row.values[index] else { return cell }
                cell.failure = nil
                cell.throughput = BenchReport.Spread([value * 0.9, value, value * 1.1])
                if row.row.id == .rawSQLite, counts[index] == 2 { cell.outcomeDifference = "planted difference" }
                return cell
            })
        }
        var sync = BenchReport.RowResult(row: .rawSQLite, failure: "")
        sync.failure = nil
        sync.throughput = BenchReport.Spread([700])
        return report(mixed + [result(.sync, clients: 1, rows: [sync])])
    }

    static func result(_ scenario: Scenario, clients: Int, rows: [BenchReport.RowResult]) -> BenchReport.ScenarioResult {
        BenchReport.ScenarioResult(
            scenario: scenario, operations: 40, clients: clients, expectedChecksum: Checksum(value: 7), rows: rows
        )
    }

    static func report(_ scenarios: [BenchReport.ScenarioResult]) -> BenchReport {
        BenchReport(
            date: Date(timeIntervalSince1970: 0), machine: Machine(cores: 2, os: "Linux", swift: "6.3.1"),
            command: "lab bench --clients 1,2,4", database: "memory", runs: 3, seed: 42, meters: false, oracles: [],
            scenarios: scenarios
        )
    }

    // MARK: The model

    @Test("A sweep has a line per row with each count's own median, and leaves out the scenario run at one count")
    func sweepModel() throws {
        let sweeps = Self.sweptReport().clientSweeps
        #expect(sweeps.map(\.scenario) == [.mixed])
        let sweep = try #require(sweeps.first)
        #expect(sweep.counts == Self.counts)
        #expect(sweep.lines.map(\.name) == Self.throughput.map(\.row.name))
        for (line, row) in zip(sweep.lines, Self.throughput) {
            #expect(line.throughput == row.values, "\(line.name)")
        }
        #expect(sweep.lines[0].scaling == 3)
        #expect(sweep.lines[1].outcomeMatches == [true, false, true])
        #expect(sweep.lines[2].scaling == nil, "no scaling without the most clients' figure")
        #expect(sweep.lines.map(\.concurrentClients) == [true, false, true], "raw-sqlite runs its clients in turn")
    }

    @Test("A report of one count per scenario has no sweep: no scaling table, no clients_sweep, bare titles")
    func singleCount() throws {
        let report = Self.report([Self.sweptReport().scenarios[1]])
        #expect(report.clientSweeps.isEmpty)
        #expect(!report.renderedTable().contains("throughput by clients"))
        #expect(!report.renderedMarkdown(linkingCharts: true).contains("Scaling-"))
        #expect(report.renderedTable().contains("\nmixed: 80% reads"))
        let json = try Self.json(report)
        #expect(json["clients_sweep"] == nil)
    }

    // MARK: Terminal and Markdown

    @Test("The table has a column per count, each cell its own count's median, then the scaling and the outcome")
    func table() throws {
        let report = Self.sweptReport()
        let sweep = try #require(report.clientSweeps.first)
        #expect(BenchReport.scalingColumns(sweep).map(\.title) == [
            "row", "kind", "clients", "1 client", "2 clients", "4 clients", "scaling 4÷1", "outcome",
        ])
        let expected = [
            ["queue-perform", "pattern", "concurrent", "1,000", "1,800", "3,000", "3.00", "ok"],
            ["raw-sqlite", "baseline", "in turn", "5,000", "4,800", "4,500", "0.90", "DIFFERS at 2"],
            ["custom-executor", "pattern", "concurrent", "2,000", "2,500", "-", "-", "FAILED at 4"],
        ]
        #expect(BenchReport.scalingCells(sweep) == expected)

        // The terminal shows those cells after mixed's last table and before sync's.
        let text = report.renderedTable(wide: true)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "mixed: throughput by clients"))
        let rows = lines[(start + 3)...].prefix(3).map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows == expected.map { $0.joined(separator: " ") })
        let titles = lines.filter { $0.hasPrefix("mixed at ") || $0.hasPrefix("sync") }.map { String($0.prefix { $0 != ":" }) }
        #expect(titles == ["mixed at 1 client", "mixed at 2 clients", "mixed at 4 clients", "sync"])
        #expect(lines.firstIndex { $0.hasPrefix("mixed at 4 clients:") }! < start)
        #expect(start < lines.firstIndex { $0.hasPrefix("sync:") }!)
        #expect(report.failures.contains("mixed at 2 clients · raw-sqlite: planted difference"))
    }

    @Test("Markdown has the same table, and links the chart only when the chart is written beside it")
    func markdown() {
        let report = Self.sweptReport()
        let linked = report.renderedMarkdown(linkingCharts: true)
        #expect(linked.contains("### mixed: throughput by clients"))
        #expect(linked.contains("| queue-perform | pattern | concurrent | 1,000 | 1,800 | 3,000 | 3.00 | ok |"))
        #expect(linked.contains("| raw-sqlite | baseline | in turn | 5,000 | 4,800 | 4,500 | 0.90 | DIFFERS at 2 |"))
        #expect(linked.contains("![mixed: throughput by clients](Scaling-mixed.svg)"))
        #expect(linked.contains("## mixed at 2 clients\n"))
        #expect(!report.renderedMarkdown().contains("Scaling-mixed.svg"))
    }

    // MARK: JSON

    @Test("clients_sweep gives each row a cell per count with its own median and checksum, and the scaling")
    func json() throws {
        let json = try Self.json(Self.sweptReport())
        let sweeps = try #require(json["clients_sweep"] as? [[String: Any]])
        #expect(sweeps.count == 1)
        let sweep = try #require(sweeps.first)
        #expect(sweep["scenario"] as? String == "mixed")
        #expect(sweep["clients"] as? [Int] == Self.counts)
        #expect(sweep["scaling_clients"] as? [String: Int] == ["from": 1, "to": 4])
        let rows = try #require(sweep["rows"] as? [[String: Any]])
        #expect(rows.map { $0["row"] as? String } == Self.throughput.map(\.row.name))
        for (row, expected) in zip(rows, Self.throughput) {
            let cells = try #require(row["cells"] as? [[String: Any]])
            #expect(cells.map { $0["clients"] as? Int } == Self.counts)
            #expect(cells.map { $0["ops_per_s"] as? Double } == expected.values, "\(expected.row.name)")
        }
        let checksums = rows.map { row in (row["cells"] as? [[String: Any]] ?? []).map { $0["checksum_ok"] as? Bool } }
        #expect(checksums == [[true, true, true], [true, false, true], [true, true, false]])
        #expect(rows[0]["scaling"] as? Double == 3)
        #expect(rows[1]["concurrent_clients"] as? Bool == false)
        #expect(rows[2]["scaling"] is NSNull)
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { "\($0["name"] ?? "?") \($0["clients"] ?? "?")" } == ["mixed 1", "mixed 2", "mixed 4", "sync 1"])
    }

    static func json(_ report: BenchReport) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(report.renderedJSON().utf8)) as? [String: Any])
    }

    // MARK: The chart

    @Test("The chart is well-formed XML with one polyline per row, a point per count it ran at, higher for more ops/s")
    func chart() throws {
        let report = Self.sweptReport()
        let sweep = try #require(report.clientSweeps.first)
        #expect(sweep.chartFileName == "Scaling-mixed.svg")
        let elements = try SVGElements(report.renderedScalingSVG(sweep))
        #expect(elements.root == "svg")
        let lines = elements.all("polyline").map { polyline in
            (polyline["points"] ?? "").split(separator: " ").map { pair in pair.split(separator: ",").compactMap { Double($0) } }
        }
        #expect(lines.map(\.count) == [3, 3, 2], "a point per count, none where the row failed")
        #expect(elements.all("circle").count == 8)
        for (line, row) in zip(lines, Self.throughput) {
            let xs = line.map { $0[0] }, ys = line.map { $0[1] }
            // log2 spacing: 1, 2 and 4 clients stand evenly apart.
            if xs.count == 3 { #expect(abs((xs[1] - xs[0]) - (xs[2] - xs[1])) < 0.2) }
            let values = row.values.compactMap { $0 }
            for index in ys.indices.dropFirst() {
                // Up is more: a higher value is drawn higher, which is a smaller y.
                #expect((ys[index] < ys[index - 1]) == (values[index] > values[index - 1]), "\(row.row.name)")
            }
        }
        // The same value is drawn at the same height in every line: one scale for all rows.
        let queuePerformAt2 = lines[0][1][1], customExecutorAt1 = lines[2][0][1]
        #expect(abs(queuePerformAt2 - customExecutorAt1) > 1, "1,800 and 2,000 are at different heights")
        let labels = elements.texts
        for name in Self.throughput.map(\.row.name) { #expect(labels.contains { $0.hasPrefix(name + " ") }, "\(name) is labelled") }
        #expect(labels.contains("queue-perform 3.00×"))
    }

    @Test("The chart's axis ends at a round number at or above the largest median")
    func axis() {
        #expect(BenchReport.niceCeiling(5_000) == 6_000)
        #expect(BenchReport.niceCeiling(4_000) == 4_000)
        #expect(BenchReport.niceCeiling(81_000) == 100_000)
        #expect(BenchReport.niceCeiling(0) == 1)
    }
}

// MARK: - SVGElements

/// The elements of an SVG document, read by Foundation's XML parser: parsing fails on a
/// document that is not well-formed.
final class SVGElements: NSObject, XMLParserDelegate {
    struct Malformed: Error { var description: String }

    private(set) var elements: [(name: String, attributes: [String: String])] = []
    private(set) var texts: [String] = []
    private var text: String?

    var root: String? { elements.first?.name }

    init(_ document: String) throws {
        super.init()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = self
        guard parser.parse() else { throw Malformed(description: "\(parser.parserError.map { "\($0)" } ?? "not XML")") }
    }

    func all(_ name: String) -> [[String: String]] { elements.filter { $0.name == name }.map(\.attributes) }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append((name, attributes))
        if name == "text" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text", let text { texts.append(text) }
        if name == "text" { text = nil }
    }
}
