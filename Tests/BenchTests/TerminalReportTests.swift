import Rows
import Baselines
import CustomExecutorStore
import Foundation
import Meters
import QueuePerformStore
import RowKit
import Support
import Testing
import Workload

@testable import Bench

/// What `lab bench` prints by default: tables within 120 columns, ranks the rounds support,
/// and the lines of what the run found, drawn from the run's own numbers. Rendered from
/// reports built by hand, so a rank taken from the medians or the ranges, or a finding
/// that says more than the numbers, fails.
@Suite("The terminal report: 120 columns, ranks from the rounds, what the run found")
struct TerminalReportTests {
    // MARK: Reports built by hand

    /// A row that ran in every round with these times per operation, in nanoseconds.
    static func row(_ descriptor: RowDescriptor, rounds: [Double]) -> BenchReport.RowResult {
        var cell = BenchReport.RowResult(row: descriptor, failure: "planted")
        cell.failure = nil
        cell.notes = []
        cell.nanosecondsByRound = rounds
        cell.throughput = BenchReport.Spread(rounds.map { 1e9 / $0 })
        return cell
    }

    static func scenario(_ rows: [BenchReport.RowResult], _ scenario: Scenario = .pointRead) -> BenchReport.ScenarioResult {
        BenchReport.ScenarioResult(scenario: scenario, operations: 40, clients: 1, expectedChecksum: Checksum(value: 7), rows: rows)
    }

    static func report(_ scenarios: [BenchReport.ScenarioResult], runs: Int = 5) -> BenchReport {
        BenchReport(
            date: Date(timeIntervalSince1970: 0), machine: Machine(cores: 2, os: "Linux", swift: "6.3.1"),
            command: "lab bench", database: "memory", runs: runs, seed: 42, meters: true, oracles: [], scenarios: scenarios
        )
    }

    // MARK: Orders

    @Test("Two rows are ordered when one is faster in every round, however much their ranges overlap")
    func orderFromTheRounds() {
        // The machine slows every row of round 3 alike: the ranges overlap, the rounds agree.
        let fast = Self.row(.queuePerform, rounds: [100, 101, 200, 99, 100])
        let slow = Self.row(.customExecutor, rounds: [110, 111, 220, 109, 110])
        let scenario = Self.scenario([fast, slow])
        #expect(fast.throughput!.overlaps(slow.throughput!), "an order from the ranges would not order them")
        #expect(scenario.order(of: fast, and: slow) == fast.id)
        #expect(scenario.order(of: slow, and: fast) == fast.id)
        #expect(scenario.tiers.map { $0.map(\.name) } == [["queue-perform"], ["custom-executor"]])
        #expect(!scenario.spreadHidesRanking(of: fast))
    }

    @Test("One round in the other order, or fewer than three rounds, and the run does not order them, whatever the medians")
    func noOrderWithoutEveryRound() {
        // Medians 20% apart, but round 4 in the other order.
        let first = Self.row(.queuePerform, rounds: [100, 100, 100, 130, 100])
        let second = Self.row(.customExecutor, rounds: [120, 120, 120, 125, 120])
        let scenario = Self.scenario([first, second])
        #expect(first.throughput!.median > second.throughput!.median * 1.15, "an order from the medians would order them")
        #expect(scenario.order(of: first, and: second) == nil)
        #expect(scenario.tiers.count == 1)
        #expect(scenario.spreadHidesRanking(of: first) && scenario.spreadHidesRanking(of: second))
        // Two rounds, both in one order: not enough.
        let short = Self.scenario([Self.row(.queuePerform, rounds: [100, 100]), Self.row(.customExecutor, rounds: [200, 200])])
        #expect(short.order(of: short.rows[0], and: short.rows[1]) == nil)
    }

    @Test("A row opens a tier only when the rounds order it after every row of the tier above")
    func tiers() {
        let a = Self.row(.queuePerform, rounds: [100, 100, 100])
        let b = Self.row(.customExecutor, rounds: [105, 95, 105])  // not told apart from a
        let c = Self.row(.rawSQLite, rounds: [106, 97, 110])  // after b every round, before a in round 2
        let d = Self.row(.storeSync, rounds: [200, 200, 200])
        let scenario = Self.scenario([d, c, b, a])
        #expect(scenario.order(of: b, and: c) == b.id)
        #expect(scenario.order(of: a, and: c) == nil)
        #expect(scenario.tiers.map { $0.map(\.name) } == [["queue-perform", "custom-executor", "raw-sqlite"], ["store-sync"]])
        #expect(scenario.tier(of: d) == 2)
    }

    // MARK: 120 columns

    @Test("Every line of the default table fits 120 columns, with every row of the catalog and a failed row; --wide keeps every column")
    func fitsTheTerminal() throws {
        let rows = RowCatalog.all.enumerated().map { index, descriptor in
            var cell = Self.row(descriptor, rounds: [100_000 + Double(index) * 997, 101_000, 99_000, 100_500, 100_100])
            cell.latency = nil
            cell.hopsPerOperation = 12.34
            cell.expectedHopsPerOperation = 4...6.5
            cell.allocationsPerOperation = 123_456.7
            cell.leakedObjects = 12
            cell.leakedBytesPerCycle = 123_456
            return cell
        }
        var failed = BenchReport.RowResult(row: .actorPerObject, failure: String(repeating: "a long failure, ", count: 20))
        failed.frames = nil
        let report = Self.report(Scenario.allCases.map { Self.scenario(rows + [failed], $0) })
        let text = report.renderedTable()
        for line in text.split(separator: "\n") {
            #expect(line.count <= BenchReport.terminalWidth, "\(line.count) columns: \(line)")
        }
        #expect(text.contains("actor-per-object failed: a long failure"))
        #expect(text.contains("What this run found:"))
        let wide = report.renderedTable(wide: true)
        for title in BenchReport.columns.map(\.title) where title != "waits/op" { #expect(wide.contains(title)) }
        #expect(wide.split(separator: "\n").contains { $0.count > BenchReport.terminalWidth }, "--wide is the wide one")
        // A sweep's table and its legend too.
        let swept = ClientSweepReportTests.sweptReport().renderedTable()
        #expect(swept.contains("mixed: throughput by clients"))
        for line in swept.split(separator: "\n") { #expect(line.count <= BenchReport.terminalWidth, "\(line)") }
    }

    // MARK: What the run found

    @Test("The findings count the clear pairs the rounds ordered, name the rank they could not split, and point to a chapter each")
    func findings() throws {
        let a = Self.row(.queuePerform, rounds: [100, 100, 100, 100, 100])
        let b = Self.row(.customExecutor, rounds: [130, 130, 130, 90, 130])  // 30% slower by median, not every round
        let c = Self.row(.rawSQLite, rounds: [300, 300, 300, 300, 300])
        let report = Self.report([Self.scenario([a, b, c])])
        let orders = try #require(report.findings.first { $0.hasPrefix("Of the ") })
        // Clear pairs: a–b (30%), a–c, b–c; ordered: a–c and b–c.
        #expect(orders.hasPrefix("Of the 3 pairs of rows whose medians differ by more than 15%, the rounds ordered 2."))
        #expect(orders.contains("The largest rank, whose rows are not all told apart: 2 rows of point-read (queue-perform and custom-executor)"))
        for finding in report.findings {
            #expect(finding.contains("(Docs/") || finding.contains("; Docs/"), "no chapter: \(finding)")
        }
        #expect(report.findings.first?.hasPrefix("Every row of the 1 scenario ended with the reference checksum") == true)
        var differs = c
        differs.outcomeDifference = "planted"
        let failing = Self.report([Self.scenario([a, b, differs])])
        #expect(failing.findings.first?.hasPrefix("1 of 3 runs of a row failed or differ") == true)
    }

    @Test("With fewer than three rounds the findings say no order is established")
    func findingsWithFewRounds() throws {
        let report = Self.report(
            [Self.scenario([Self.row(.queuePerform, rounds: [100]), Self.row(.rawSQLite, rounds: [300])])], runs: 1
        )
        let orders = try #require(report.findings.first { $0.hasPrefix("Of the ") })
        #expect(orders.contains("the rounds ordered 0; with 1 round no order is established, run at least 3"))
    }

    // MARK: The lesson pairs

    @Test("The lesson pairs say each pattern and anti-pattern against custom-executor, and the best row against raw, with what the rounds establish")
    func lessonPairs() {
        let custom = Self.row(.customExecutor, rounds: [200, 200, 200])
        let queue = Self.row(.queuePerform, rounds: [100, 100, 100])  // faster every round
        let perObject = Self.row(.actorPerObject, rounds: [400, 150, 400])  // slower by median, not every round
        let raw = Self.row(.rawSQLite, rounds: [50, 50, 50])
        let store = Self.row(.storeSync, rounds: [60, 60, 60])  // a baseline: not "the best row"
        let report = Self.report([Self.scenario([queue, custom, perObject, store, raw])], runs: 3)
        #expect(report.lessonPairs(of: report.scenarios[0]) == [
            "queue-perform against custom-executor: 2.00× custom-executor's ops/s, faster in every round",
            "actor-per-object against custom-executor: 0.50× custom-executor's ops/s, not told apart: the rounds disagree",
            "queue-perform against raw-sqlite: 0.50× raw-sqlite's ops/s, slower in every round",
        ])
        let short = Self.report([Self.scenario([Self.row(.queuePerform, rounds: [100]), Self.row(.customExecutor, rounds: [200])])], runs: 1)
        #expect(short.lessonPairs(of: short.scenarios[0]) == ["queue-perform against custom-executor: 2.00× custom-executor's ops/s, too few rounds to order"])
        #expect(report.renderedMarkdown().contains("- queue-perform against custom-executor: 2.00× custom-executor's ops/s, faster in every round"))
    }

    // MARK: The sync sentence

    @Test("In sync, the sentence says raw-sqlite fetches again where store-sync merges, before their times")
    func syncSentence() {
        var raw = Self.row(.rawSQLite, rounds: [1_757_600, 1_757_600, 1_757_600])
        raw.mergesSaves = false
        var store = Self.row(.storeSync, rounds: [144_400, 144_400, 144_400])
        store.mergesSaves = true
        let report = Self.report([Self.scenario([raw, store], .sync)], runs: 3)
        let text = report.explanation(of: report.scenarios[0])
        #expect(text.hasPrefix("raw-sqlite has no change notification, so its list fetches the count and every shown note again after each save: one operation takes 1757.6 µs."))
        #expect(text.contains("merges each save into its view context instead of fetching again: 144.4 µs."))
        // Elsewhere, the plain sentence.
        let point = Self.report([Self.scenario([Self.row(.rawSQLite, rounds: [10_000]), Self.row(.storeSync, rounds: [20_000])])])
        #expect(point.explanation(of: point.scenarios[0]).hasPrefix("raw-sqlite does one operation's SQL in 10.0 µs, and the lab's store"))
    }

    @Test("The patterns' share of raw-sqlite is one figure when the lowest and highest round to it, a range otherwise")
    func keptShare() {
        func explanation(_ patterns: [(RowDescriptor, Double)]) -> String {
            var scenario = Self.scenario(
                [Self.row(.rawSQLite, rounds: [10_000, 10_000, 10_000])] + patterns.map { Self.row($0.0, rounds: [$0.1, $0.1, $0.1]) }
            )
            scenario.costs = [HopCosts(
                actorHopNanoseconds: 100, queueRoundTripNanoseconds: 8_000, queueRoundTripCPUNanoseconds: 5_000,
                workedRoundTripNanoseconds: 10_000, workedRoundTripCPUNanoseconds: 6_000, workedRoundTripWakeups: 2
            )]
            let report = Self.report([scenario], runs: 3)
            return report.explanation(of: report.scenarios[0])
        }
        let one = explanation([(.queuePerform, 50_000), (.customExecutor, 50_100)])
        #expect(one.contains("the patterns keep 20% of raw-sqlite"), "\(one)")
        #expect(!one.contains("20% to 20%"))
        let range = explanation([(.queuePerform, 50_000), (.customExecutor, 20_000)])
        #expect(range.contains("the patterns keep 20% to 50% of raw-sqlite"), "\(range)")
    }
}
