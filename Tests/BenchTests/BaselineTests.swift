import Baselines
import CustomExecutorStore
import Foundation
import QueuePerformStore
import RowKit
import Support
import TestSupport
import Testing
import Workload

@testable import Bench

/// `lab bench --baseline FILE`: a row is judged against its saved self by its time over
/// raw-sqlite's in the same round, so a machine that is busier in one run than in the other
/// does not pass for a change of the row.
@Suite("Comparing with a saved run")
struct BaselineTests {
    /// point-read: raw-sqlite, queue-perform and custom-executor, each round's time per
    /// operation multiplied by `load` (a busier machine) and the row's own `speedup`.
    static func report(load: Double, queueSpeedup: Double = 1, seed: UInt64 = 42) -> BenchReport {
        let raw = TerminalReportTests.row(.rawSQLite, rounds: [100, 110, 90].map { $0 * load })
        let queue = TerminalReportTests.row(.queuePerform, rounds: [400, 440, 360].map { $0 * load / queueSpeedup })
        let custom = TerminalReportTests.row(.customExecutor, rounds: [300, 390, 240].map { $0 * load })
        var report = TerminalReportTests.report([TerminalReportTests.scenario([queue, custom, raw])], runs: 3)
        report.seed = seed
        return report
    }

    static func saved(_ report: BenchReport) throws -> (Baseline, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let path = folder.path("saved.json")
        try report.renderedJSON().write(toFile: path, atomically: true, encoding: .utf8)
        return (try Baseline(contentsOf: path), folder)
    }

    @Test("A machine twice as busy in the new run is no change of a row: judged against raw-sqlite round by round, the rows are not told apart")
    func busyMachineIsNoChange() throws {
        let (baseline, folder) = try Self.saved(Self.report(load: 1))
        defer { withExtendedLifetime(folder) {} }
        let lines = Self.report(load: 2).comparison(with: baseline)
        #expect(lines.contains("  point-read · queue-perform: 0.50× its saved ops/s, not told apart (relative to raw-sqlite, the rounds overlap)"))
        #expect(lines.contains("  point-read · custom-executor: 0.50× its saved ops/s, not told apart (relative to raw-sqlite, the rounds overlap)"))
        #expect(lines.contains("  point-read · raw-sqlite: 0.50× its saved ops/s, slower: the ranges of the runs do not overlap (the reference: its change is the machine's as much as the code's)"))
        #expect(lines.count == 4, "\(lines)")
    }

    @Test("A row made twice as fast is faster in every round, and the seed that differs is said")
    func fasterRow() throws {
        let (baseline, folder) = try Self.saved(Self.report(load: 1))
        defer { withExtendedLifetime(folder) {} }
        let lines = Self.report(load: 1.2, queueSpeedup: 2, seed: 7).comparison(with: baseline)
        #expect(lines[1].hasPrefix("  The runs differ in the seed (42, now 7)"))
        #expect(lines.contains { $0.hasPrefix("  point-read · queue-perform: 1.67× its saved ops/s, faster in every round, relative to raw-sqlite") })
    }

    @Test("One run against one judges nothing: too few rounds")
    func tooFewRounds() throws {
        var one = Self.report(load: 1)
        one.scenarios[0].rows = one.scenarios[0].rows.map { row in
            var row = row
            row.nanosecondsByRound = Array(row.nanosecondsByRound.prefix(1))
            row.throughput = BenchReport.Spread(row.nanosecondsByRound.map { 1e9 / $0 })
            return row
        }
        let (baseline, folder) = try Self.saved(one)
        defer { withExtendedLifetime(folder) {} }
        let lines = one.comparison(with: baseline)
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix("too few rounds to judge (at least 3 in each run)") }, "\(lines)")
    }

    @Test("A file that is missing, not JSON, or not a saved run is refused in one line that names it")
    func refusedFiles() throws {
        let folder = try TemporaryFolder()
        let notJSON = folder.path("notes.txt")
        try "not json".write(toFile: notJSON, atomically: true, encoding: .utf8)
        let otherJSON = folder.path("other.json")
        try #"{"schema": 1, "scenarios": []}"#.write(toFile: otherJSON, atomically: true, encoding: .utf8)
        for (path, start) in [
            (folder.path("missing.json"), "cannot read --baseline"), (notJSON, "--baseline"), (otherJSON, "--baseline"),
        ] {
            #expect {
                _ = try Baseline(contentsOf: path)
            } throws: { error in
                guard case .data(let message) = error as? LabError else { return false }
                return message.hasPrefix(start) && message.contains(path) && !message.contains("\n")
            }
        }
    }
}
