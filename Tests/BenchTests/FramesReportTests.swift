import Baselines
import Foundation
import Meters
import RowKit
import Support
import TestSupport
import Testing
import Workload

@testable import Bench

/// The ui-during-import scenario in the report: its frames table, its JSON, its notes, and
/// the rows it leaves out. Rendered from a report built by hand whose runs differ from each
/// other, so a renderer that counts one run for all, or misses from the wrong total, fails.
@Suite("The frames of a scenario with a list, in the table, the JSON and Markdown")
struct FramesReportTests {
    // MARK: A report built by hand

    /// Stalls in milliseconds: the first run's are 0.01 to 1.00, the second's 0.1 to 10.0,
    /// so every percentile of the two pooled differs from the first run's alone.
    static func log(
        due: Int, onTime: Int, stalls: [Duration], wrong: Int = 0, merges: [Duration] = [], late: [FrameLog.LateFrame] = []
    ) -> FrameLog {
        var log = FrameLog()
        (log.due, log.rendered, log.onTime, log.stalls, log.wrongScreens, log.renderings) = (due, stalls.count, onTime, stalls, wrong, 1)
        // A view context's merges on the main queue: counted and summed over runs, the longest of all.
        log.mainQueueMerges = merges.count
        log.mainQueueMergeTime = merges.reduce(.zero, +)
        log.longestMainQueueMerge = merges.max() ?? .zero
        log.lateFrames = late
        return log
    }

    /// Late frames of milliseconds read · store: the first run's median read alone is 10.5,
    /// the mean of all three 10.33, the pooled median 10.00; the store's pooled median 1.00.
    static func late(_ read: Double, _ store: Double?) -> FrameLog.LateFrame {
        FrameLog.LateFrame(
            lateStart: .zero, read: .microseconds(read * 1_000), storeWork: store.map { .microseconds($0 * 1_000) }
        )
    }

    static let queuePerformLogs = [
        log(due: 120, onTime: 90, stalls: (1...100).map { .microseconds(10 * $0) }, merges: [.microseconds(900)],
            late: [late(9, 1), late(12, 2)]),
        log(due: 150, onTime: 60, stalls: (1...100).map { .microseconds(100 * $0) }, merges: [.microseconds(400), .microseconds(1_500)],
            late: [late(10, 0.5)]),
    ]

    static func row(_ descriptor: RowDescriptor, throughput: Double, frames: BenchReport.FrameSummary?) -> BenchReport.RowResult {
        var cell = BenchReport.RowResult(row: descriptor, failure: "planted")
        cell.failure = nil
        cell.notes = []
        cell.throughput = BenchReport.Spread([throughput])
        cell.frames = frames
        return cell
    }

    /// ui-during-import with queue-perform (two runs), grdb (one run, two wrong frames, no
    /// context queue) and custom-executor (failed); raw-sqlite left out. Then import.
    static func report() -> BenchReport {
        var queue = BenchReport.FrameSummary(logs: queuePerformLogs, batch: 1_000)
        queue.notesPerSecond = 120_000
        queue.readsBehindWrites = 31
        queue.countedFrames = 40
        var grdbFrames = BenchReport.FrameSummary(
            logs: [log(due: 20, onTime: 4, stalls: (1...12).map { .milliseconds($0) }, wrong: 2, late: [late(7, nil)])], batch: 1_000
        )
        grdbFrames.notesPerSecond = 80_000
        grdbFrames.readsBehindWritesMissing = "the row queues no job on a context queue"
        grdbFrames.countedFrames = 9
        var grdb = row(.grdb, throughput: 80, frames: grdbFrames)
        grdb.outcomeDifference = "2 frames of the list showed a screen the store could not have shown"
        var failed = BenchReport.RowResult(row: .customExecutor, failure: "planted failure")
        failed.frames = nil
        var ui = BenchReport.ScenarioResult(
            scenario: .uiDuringImport, operations: 20, clients: 1, expectedChecksum: Checksum(value: 7),
            rows: [row(.queuePerform, throughput: 120, frames: queue), grdb, failed]
        )
        ui.rowsNotRun = [("raw-sqlite", RowDescriptor.rawSQLite.reasonNotRun(in: .uiDuringImport) ?? "")]
        let imports = BenchReport.ScenarioResult(
            scenario: .importBatch, operations: 20, clients: 1, expectedChecksum: Checksum(value: 8),
            rows: [row(.queuePerform, throughput: 300, frames: nil), row(.rawSQLite, throughput: 400, frames: nil)]
        )
        return BenchReport(
            date: Date(timeIntervalSince1970: 0), machine: Machine(cores: 2, os: "Linux", swift: "6.3.1"),
            command: "lab bench --scenario ui-during-import --scenario import", database: "memory", runs: 2, seed: 42,
            meters: true, oracles: [], scenarios: [ui, imports]
        )
    }

    static let expectedCells = [
        ["queue-perform", "270", "200", "120 (44.4%)", "0.91", "9.80", "10.00", "120,000", "31", "3, max 1.50", "3: 10.00 · 1.00", "0"],
        ["grdb", "20", "12", "16 (80.0%)", "6.00", "12.00", "12.00", "80,000", "n/a", "0", "1: 7.00 · n/a", "2"],
        ["custom-executor", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-"],
    ]

    // MARK: The table

    @Test("The frames table pools every timed run: due, rendered and missed summed, stalls by nearest rank over all frames")
    func cells() throws {
        let report = Self.report()
        #expect(BenchReport.frameColumns.map(\.title) == [
            "row", "due", "rendered", "missed", "stall p50 ms", "p99 ms", "max ms", "notes/s", "reads behind writes", "main merges",
            "late: n: read · store ms", "wrong",
        ])
        let cells = try #require(report.frameCells(of: report.scenarios[0]))
        #expect(cells == Self.expectedCells)
        #expect(report.frameCells(of: report.scenarios[1]) == nil, "import has no list")
    }

    @Test("Wrong renderers fail: misses from the rendered frames, stalls or due from one run, p99 taken as the maximum")
    func wrongRenderersFail() throws {
        let frames = try #require(Self.report().scenarios[0].rows[0].frames)
        let right = Self.expectedCells[0]
        let pooled = frames.pooled
        // Missed from the rendered frames instead of the due ones.
        let fromRendered = pooled.rendered - pooled.onTime
        let share = Format.decimal(Double(fromRendered) / Double(pooled.due) * 100, digits: 1)
        #expect("\(fromRendered) (\(share)%)" != right[3])
        // The first run's frames alone.
        let first = BenchReport.FrameSummary(logs: [Self.queuePerformLogs[0]], batch: 1_000)
        #expect(first.stall(atPercentile: 0.99).map { Format.decimal($0, digits: 2) } != right[5])
        #expect(first.stall(atPercentile: 0.5).map { Format.decimal($0, digits: 2) } != right[4])
        #expect("\(Self.queuePerformLogs[0].due)" != right[1])
        // The late frames' read from the first run alone, or their mean.
        #expect(first.lateReadCell != right[10])
        #expect("3: " + Format.decimal((9.0 + 12 + 10) / 3, digits: 2) + " · 1.00" != right[10])
        // A late read that failed, so its store work is untimed, leaves the others' median
        // and says how many were timed; it does not turn the row into one the store never read.
        var partly = FrameLog()
        partly.lateFrames = [Self.late(9, 1), Self.late(12, nil), Self.late(10, 3)]
        #expect(BenchReport.FrameSummary(logs: [partly], batch: 1_000).lateReadCell == "3: 10.00 · 2.00, 2 timed")
        // p99 taken as the largest stall.
        #expect(frames.stallMilliseconds.last.map { Format.decimal($0, digits: 2) } != right[5])
        // What the renderer shows is none of those.
        #expect(frames.stall(atPercentile: 0.99).map { Format.decimal($0, digits: 2) } == right[5])
    }

    @Test("The terminal shows the frames table under the scenario's table, with a line per column, and a failed or differing row still has its line")
    func terminal() throws {
        let report = Self.report()
        let lines = report.renderedTable(wide: true).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let title = try #require(lines.firstIndex { $0.hasPrefix("ui-during-import: frames of the main-actor list") })
        #expect(lines[title].contains("120 Hz, the count and 50 titles a frame"))
        #expect(lines[title].hasSuffix("each row's 2 timed runs pooled"))
        let rows = lines[(title + 2)...].prefix(3).map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows == Self.expectedCells.map { $0.joined(separator: " ") })
        let legend = report.framesLegend(of: report.scenarios[0])
        for column in ["due:", "rendered:", "missed:", "stall p50/p99/max:", "notes/s:", "reads behind writes:", "wrong:"] {
            #expect(legend.filter { $0.hasPrefix(column) }.count == 1, "one line for \(column)")
        }
        #expect(legend.contains { $0.contains("a deadline with no frame whose wait and read fit in 8.3 ms") })
        #expect(legend.contains { $0.contains("how late the main actor started a frame") })
        for line in legend { #expect(lines.contains("  " + line)) }
        // The main table: grdb differs, custom-executor failed, and nothing is relative to raw-sqlite.
        #expect(lines.contains { $0.hasPrefix("  grdb ") && $0.hasSuffix("DIFFERS") })
        #expect(lines.contains { $0.hasPrefix("  custom-executor ") && $0.contains("FAILED: planted failure") })
        #expect(report.failures.contains("ui-during-import · grdb: 2 frames of the list showed a screen the store could not have shown"))
    }

    @Test("Nothing in the scenario is relative to raw-sqlite, and a line under it says why raw-sqlite is not in it and why the model is not")
    func relativeToNothing() throws {
        let report = Self.report()
        let ui = report.scenarios[0]
        let ratio = try #require(report.columns(of: ui).firstIndex { $0.title == "× raw" })
        let model = try #require(report.columns(of: ui).firstIndex { $0.title == "model µs" })
        for cells in report.cells(of: ui) {
            #expect(cells[ratio] == "-", "\(cells[0])")
            #expect(cells[model] == "-", "\(cells[0])")
        }
        #expect(report.cells(of: report.scenarios[1])[0][ratio] == "0.75", "import has its ratio")
        let notes = report.notes(of: ui)
        #expect(notes.count == 2)
        #expect(notes[0].hasPrefix("raw-sqlite is not in ui-during-import: a row whose clients run in turn"))
        #expect(notes[0].hasSuffix("so × raw is -."))
        #expect(notes[1].hasPrefix("The cost model leaves ui-during-import out: "))
        #expect(report.notes(of: report.scenarios[1]).isEmpty)
        let text = report.renderedTable(wide: true)
        for note in notes { #expect(text.contains("\n  " + note + "\n") || text.contains("\n  " + note)) }
        #expect(!report.explanation(of: ui).contains("raw-sqlite did not run"), "left out by design, not missing")
        #expect(report.explanation(of: ui).contains("The list missed the fewest frames with queue-perform (44%"))
    }

    // MARK: JSON and Markdown

    @Test("JSON gives each row of the scenario a frames object, pooled as the table is, null only with a reason")
    func json() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.report().renderedJSON().utf8)) as? [String: Any])
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        let ui = scenarios[0]
        #expect(ui["list"] as? [String: Int] == ["frames_per_second": 120, "titles": 50])
        let notRun = try #require(ui["rows_not_run"] as? [[String: String]])
        #expect(notRun.map { $0["row"] } == ["raw-sqlite"])
        #expect(notRun.first?["reason"]?.contains("one caller at a time") == true)
        #expect((ui["outside_cost_model"] as? String)?.contains("main actor") == true)
        let rows = try #require(ui["rows"] as? [[String: Any]])
        let queue = try #require(rows[0]["frames"] as? [String: Any])
        #expect(queue["timed_runs"] as? Int == 2)
        #expect(queue["due"] as? Int == 270)
        #expect(queue["rendered"] as? Int == 200)
        #expect(queue["on_time"] as? Int == 150)
        #expect(queue["missed"] as? Int == 120)
        #expect(queue["missed_share"] as? Double == 0.444, "120 of 270, as JSON writes it: three decimals")
        let stalls = try #require(queue["stall_ms"] as? [String: Double])
        #expect(abs(stalls["p50"]! - 0.91) < 1e-9 && abs(stalls["p99"]! - 9.8) < 1e-9 && abs(stalls["max"]! - 10) < 1e-9)
        #expect(queue["notes_per_s"] as? Double == 120_000)
        #expect(queue["reads_behind_writes"] as? Int == 31)
        #expect(queue["list_reads_counted"] as? Int == 40)
        let late = try #require(queue["late_frames"] as? [String: Any])
        #expect(late["read_ms"] as? [Double] == [9, 12, 10])
        #expect(late["store_ms"] as? [Double] == [1, 2, 0.5])
        #expect((queue["notes"] as? [String: String])?.isEmpty == true)
        let grdb = try #require(rows[1]["frames"] as? [String: Any])
        #expect(grdb["wrong_screens"] as? Int == 2)
        #expect(grdb["missed"] as? Int == 16)
        #expect(((grdb["late_frames"] as? [String: Any])?["store_ms"] as? [Any])?.first is NSNull, "no context of the store read")
        #expect(grdb["reads_behind_writes"] is NSNull)
        #expect((grdb["notes"] as? [String: String])?["reads_behind_writes"] == "the row queues no job on a context queue")
        #expect(rows[1]["checksum_ok"] as? Bool == false)
        #expect(rows[2]["frames"] == nil, "a failed row has no frames")
        for row in rows {
            #expect((row["notes"] as? [String: String])?["model_ratio"]?.hasPrefix("the cost model leaves ui-during-import out") == true)
        }
        for row in try #require(scenarios[1]["rows"] as? [[String: Any]]) { #expect(row["frames"] == nil, "import has no list") }
        #expect(scenarios[1]["list"] is NSNull)
        #expect((scenarios[1]["rows_not_run"] as? [Any])?.isEmpty == true)
    }

    @Test("Markdown has the same frames table and legend after the scenario's explanation")
    func markdown() {
        let report = Self.report()
        let markdown = report.renderedMarkdown()
        #expect(markdown.contains("\n### ui-during-import: frames of the main-actor list"))
        for cells in Self.expectedCells { #expect(markdown.contains("| " + cells.joined(separator: " | ") + " |")) }
        for line in report.framesLegend(of: report.scenarios[0]) { #expect(markdown.contains("\n- " + line + "\n")) }
        for note in report.notes(of: report.scenarios[0]) { #expect(markdown.contains("\n" + note + "\n")) }
        #expect(!markdown.contains("### import: frames"))
    }

    // MARK: Declared hops with a list

    @Test("In a scenario with a list, the declared hops add the list's reads the counting run rendered and the list's own sleeps")
    func declaredHopsCountTheFrames() throws {
        let plan = ScenarioPlan(scenario: .uiDuringImport, operations: 10, clients: 1, seed: 42)
        let expected = ReferenceModel.expectedOutcome(of: plan)
        var counts = CountingPass.CountedRow(scenario: plan.scenario.rawValue, row: .queuePerform, clients: 1)
        // queue-perform: no hop per import; 2 per list read and 1 per frame's sleep; 1 more at the end.
        (counts.hops, counts.enqueues, counts.framesRendered, counts.frameRenderings) = (28, 49, 9, 1)
        counts.queueDispatches = 19
        counts.readsBehindWrites = 9
        counts.outcome = expected
        let run = TimedRun(
            seconds: 0.5, usage: ProcessUsage(cpuNanoseconds: 1e8, voluntarySwitches: 50), queueDispatches: 20, latency: nil,
            outcome: expected, frames: Self.queuePerformLogs[0]
        )
        let row = BenchReport.RowResult(
            row: .queuePerform, plan: plan, runs: [run], latencyRun: nil, counts: counts, countingPass: nil, expected: expected
        )
        #expect(row.expectedHopsPerOperation == 2.8...2.8)
        #expect(row.hopsPerOperation == 2.8)
        #expect(!row.hopsDiffer)
        #expect(BenchReport.hopsCell(row) == "2.80/2.80")
        #expect(row.hopReasons.contains { $0.hasPrefix("the list's read, from the main actor") })
        #expect(row.hopReasons.contains { $0.hasPrefix("the list's own sleep before each frame") })
        #expect(row.frames?.readsBehindWrites == 9)
        #expect(row.frames?.countedFrames == 9)
        #expect(row.frames?.notesPerSecond == 20_000, "20 imports a second, a thousand notes each")

        // Without the frames the counting run rendered, nothing is declared, and the note says why.
        counts.framesRendered = nil
        let unknown = BenchReport.RowResult(
            row: .queuePerform, plan: plan, runs: [run], latencyRun: nil, counts: counts, countingPass: nil, expected: expected
        )
        #expect(unknown.expectedHopsPerOperation == nil)
        #expect(unknown.notes.contains { $0.metric == "expected_hops_per_op" && $0.reason.contains("the frames the counting pass rendered") })

        // A wrong frame in a timed run says so, and the outcome is not ok.
        var wrong = run
        wrong.frames?.wrongScreens = 1
        counts.framesRendered = 9
        let differing = BenchReport.RowResult(
            row: .queuePerform, plan: plan, runs: [wrong], latencyRun: nil, counts: counts, countingPass: nil, expected: expected
        )
        #expect(!differing.outcomeMatches)
        #expect(differing.outcomeDifference?.hasPrefix("1 frame of the list showed a screen the store could not have shown") == true)
        #expect(differing.frames?.pooled.wrongScreens == 1, "its frames are still there")
    }

    // MARK: Rows that do not run the scenario

    @Test("The counting pass and the timed runs leave out a row that does not run the scenario, and count the reads behind writes of the others")
    func passesSkipRows() async throws {
        let settings = BenchSettings(
            scenarios: [.uiDuringImport], rows: [.rawSQLite, .queuePerform], operations: 2, clients: nil, runs: 1,
            seed: 42, quick: false, meters: true, database: .memory, commandLine: "lab bench --scenario ui-during-import"
        )
        #expect(settings.rows(for: .uiDuringImport).map(\.name) == ["queue-perform"])
        #expect(settings.rowsNotRun(in: .uiDuringImport).map(\.name) == ["raw-sqlite"])
        #expect(settings.rows(for: .importBatch).map(\.name) == ["raw-sqlite", "queue-perform"])
        let counts = try await CountingPass.run(settings)
        #expect(counts.rows.map(\.row) == [.queuePerform])
        let counted = try #require(counts.rows.first)
        #expect(counted.failure == nil)
        #expect(counted.outcomeMatches)
        #expect(counted.readsBehindWrites != nil, "counted, once the pass turned the count on")
        #expect((counted.framesRendered ?? 0) >= 1)
        #expect(counted.frameRenderings == 1)
        let timed = try await BenchRunner(settings: settings, progress: ProgressLine(enabled: false)).measureTimings()
        let scenario = try #require(timed.first)
        #expect(Array(scenario.runs.keys) == [.queuePerform])
        #expect(scenario.runs[.queuePerform]?.first?.frames != nil, "the timed run keeps its frames")
        let result = scenario.result(counts: counts, settings: settings)
        #expect(result.rows.map(\.name) == ["queue-perform"])
        #expect(result.rowsNotRun.map(\.name) == ["raw-sqlite"])
        #expect(result.rows.first?.frames?.logs.count == 1)
    }

    @Test("lab bench refuses ui-during-import with raw-sqlite alone, in one line, and leaves raw-sqlite out beside a row that runs it")
    func labLeavesRawSQLiteOut() async throws {
        let alone = try await LabExecutable.run([
            "bench", "--scenario", "ui-during-import", "--pattern", "raw-sqlite", "--operations", "2", "--runs", "1",
            "--database", "memory", "--no-progress",
        ])
        #expect(alone.exitStatus == 64)
        #expect(alone.output == "lab: raw-sqlite does not run ui-during-import: a row whose clients run in turn, one caller at a time by contract, cannot have the scenario's main-actor list read it while its import writes; add a row that does (such as --pattern queue-perform), or pick another --scenario\n")
        #expect(alone.standardOutput.isEmpty)

        let beside = try await LabExecutable.run([
            "bench", "--scenario", "ui-during-import", "--pattern", "raw-sqlite", "--pattern", "mutex", "--operations", "2",
            "--runs", "1", "--database", "memory", "--format", "json", "--no-progress",
        ])
        #expect(beside.exitStatus == 0, "\(beside.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(beside.standardOutput.utf8)) as? [String: Any])
        let scenario = try #require((json["scenarios"] as? [[String: Any]])?.first)
        let rows = try #require(scenario["rows"] as? [[String: Any]])
        #expect(rows.map { $0["row"] as? String } == ["mutex"])
        #expect((scenario["rows_not_run"] as? [[String: String]])?.map { $0["row"] } == ["raw-sqlite"])
        let frames = try #require(rows.first?["frames"] as? [String: Any])
        #expect((frames["rendered"] as? Int ?? 0) >= 1)
        #expect(frames["reads_behind_writes"] is NSNull, "mutex queues no job on a context queue")
        #expect(rows.first?["checksum_ok"] as? Bool == true)
    }
}
