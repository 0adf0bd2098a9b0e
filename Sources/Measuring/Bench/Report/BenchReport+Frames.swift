import Meters
import Rows
import RowKit
import Support
import Workload

// MARK: - FrameSummary

extension BenchReport {
    /// What a scenario's main-actor list rendered for one row: the frames of its timed runs,
    /// pooled (meters off), and what the counting pass counted beside them.
    package struct FrameSummary: Sendable {
        /// One log per timed run, in the order the runs ran.
        var logs: [FrameLog]
        /// Notes one operation imports.
        var batch: Int
        /// Notes the import wrote per second: the median operations per second times ``batch``.
        var notesPerSecond: Double?
        /// Read jobs of the store's context queues that waited for a write of their own queue,
        /// in the counting pass's metered run; nil where the row queues no job on a context
        /// queue, or the pass did not run.
        var readsBehindWrites: Int?
        /// Why ``readsBehindWrites`` is nil, when it is.
        var readsBehindWritesMissing: String?
        /// Why the counting pass's counts (``countedFrames``) are missing, when they are.
        var countsMissing: String?
        /// Frames the counting pass's metered run rendered: the list reads in its hop counts.
        var countedFrames: Int?

        init(logs: [FrameLog], batch: Int) {
            self.logs = logs
            self.batch = batch
        }

        /// Every timed run's frames in one log.
        var pooled: FrameLog { logs.reduce(FrameLog()) { $0.merged(with: $1) } }

        /// Missed deadlines over due ones, nil when none was due.
        var missedShare: Double? {
            let all = pooled
            return all.due > 0 ? Double(all.missed) / Double(all.due) : nil
        }

        /// How late the main actor started each frame of every timed run, in milliseconds,
        /// ascending.
        var stallMilliseconds: [Double] {
            logs.flatMap(\.stalls).map(\.milliseconds).sorted()
        }

        /// How many frames were late, their median read, and the median of the store's work
        /// over those whose store work was timed, in ms: "5: 9.12 · 0.84"; "5: 9.12 · 0.84,
        /// 4 timed" when a read that failed left one untimed; "5: 9.12 · n/a" where no read
        /// was timed (no context of the store read); "-" with no late frame.
        var lateReadCell: String {
            let late = pooled.lateFrames
            guard let read = BenchReport.Spread(late.map(\.read.milliseconds))?.median else { return "-" }
            let work = late.compactMap(\.storeWork?.milliseconds)
            let store = BenchReport.Spread(work).map { Format.decimal($0.median, digits: 2) } ?? "n/a"
            let timed = work.isEmpty || work.count == late.count ? "" : ", \(work.count) timed"
            return "\(late.count): " + Format.decimal(read, digits: 2) + " · " + store + timed
        }

        /// The stall that `fraction` (0 to 1) of the frames of every timed run did not exceed:
        /// the nearest rank, so p99 of 100 frames is the 99th smallest. Nil without frames.
        func stall(atPercentile fraction: Double) -> Double? {
            let stalls = stallMilliseconds
            guard !stalls.isEmpty else { return nil }
            let rank = Int((fraction * Double(stalls.count)).rounded(.up))
            return stalls[min(max(rank, 1), stalls.count) - 1]
        }
    }
}

// MARK: - JSON

extension BenchReport.FrameSummary {
    /// The `frames` object of a row of a scenario with a list: the timed runs' frames pooled,
    /// the counting pass's counts beside them, `null` with its reason in `notes`.
    package var json: JSONValue {
        let all = pooled
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        var notes: [(String, JSONValue)] = []
        if logs.isEmpty { notes.append(("stall_ms", .string("no timed run finished"))) }
        if let readsBehindWritesMissing { notes.append(("reads_behind_writes", .string(readsBehindWritesMissing))) }
        if countedFrames == nil { notes.append(("list_reads_counted", .string(countsMissing ?? "the counting pass did not report it"))) }
        if notesPerSecond == nil { notes.append(("notes_per_s", .string("no timed run finished"))) }
        let stalls: JSONValue = logs.isEmpty ? .null : .object([
            ("p50", number(stall(atPercentile: 0.5))), ("p99", number(stall(atPercentile: 0.99))),
            ("max", number(stallMilliseconds.last)),
        ])
        return .object([
            ("timed_runs", .integer(logs.count)),
            ("due", .integer(all.due)),
            ("rendered", .integer(all.rendered)),
            ("on_time", .integer(all.onTime)),
            ("missed", .integer(all.missed)),
            ("missed_share", number(missedShare)),
            ("stall_ms", stalls),
            ("wrong_screens", .integer(all.wrongScreens)),
            ("notes_per_s", number(notesPerSecond)),
            ("reads_behind_writes", readsBehindWrites.map(JSONValue.integer) ?? .null),
            ("late_frames", .object([
                ("count", .integer(all.lateFrames.count)),
                ("started_late", .integer(all.lateFrames.filter { $0.lateStart > $0.read }.count)),
                ("start_ms", .array(all.lateFrames.map { .number($0.lateStart.milliseconds) })),
                ("read_ms", .array(all.lateFrames.map { .number($0.read.milliseconds) })),
                ("store_ms", .array(all.lateFrames.map { $0.storeWork.map { .number($0.milliseconds) } ?? .null })),
            ])),
            ("main_queue_merges", .object([
                ("count", .integer(all.mainQueueMerges)), ("total_ms", .number(all.mainQueueMergeTime.milliseconds)),
                ("longest_ms", .number(all.longestMainQueueMerge.milliseconds)),
            ])),
            ("list_reads_counted", countedFrames.map(JSONValue.integer) ?? .null),
            ("notes", .object(notes)),
        ])
    }
}

// MARK: - Notes under a scenario's table

extension BenchReport {
    /// One line each: the rows the scenario leaves out and why, and why the cost model
    /// predicts nothing there. Empty for most scenarios.
    package func notes(of scenario: ScenarioResult) -> [String] {
        var lines: [String] = []
        var reasons: [String] = []
        for (_, reason) in scenario.rowsNotRun where !reasons.contains(reason) { reasons.append(reason) }
        for reason in reasons {
            let names = scenario.rowsNotRun.filter { $0.reason == reason }.map(\.name)
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names[0]
            var line = "\(list) \(names.count > 1 ? "are" : "is") not in \(scenario.scenario.rawValue): \(reason)"
            if names.contains(RowCatalog.reference.rawValue) && !scenario.rows.isEmpty { line += "; so × raw is -" }
            lines.append(line + ".")
        }
        if let outside = scenario.outsideCostModel {
            lines.append("The cost model leaves \(scenario.scenario.rawValue) out: \(outside).")
        }
        return lines
    }
}

// MARK: - The frames table

extension BenchReport {
    package static let frameColumns: [TextTable.Column] = [
        .init(title: "row"),
        .init(title: "due", alignRight: true), .init(title: "rendered", alignRight: true),
        .init(title: "missed", alignRight: true),
        .init(title: "stall p50 ms", alignRight: true), .init(title: "p99 ms", alignRight: true),
        .init(title: "max ms", alignRight: true),
        .init(title: "notes/s", alignRight: true), .init(title: "reads behind writes", alignRight: true),
        .init(title: "main merges", alignRight: true),
        .init(title: "late: n: read · store ms", alignRight: true),
        .init(title: "wrong", alignRight: true),
    ]

    /// The frames table's cells, one line per row of `scenario` in the main table's order;
    /// nil for a scenario without a list.
    package func frameCells(of scenario: ScenarioResult) -> [[String]]? {
        guard scenario.scenario.definition.frames != nil, !scenario.rows.isEmpty else { return nil }
        return scenario.rows.map { row in
            guard let frames = row.frames, !frames.logs.isEmpty else {
                return [row.name] + Array(repeating: "-", count: Self.frameColumns.count - 1)
            }
            let all = frames.pooled
            let share = frames.missedShare.map { " (" + Format.decimal($0 * 100, digits: 1) + "%)" } ?? ""
            func milliseconds(_ value: Double?) -> String { value.map { Format.decimal($0, digits: 2) } ?? "-" }
            return [
                row.name, "\(all.due)", "\(all.rendered)", "\(all.missed)\(share)",
                milliseconds(frames.stall(atPercentile: 0.5)), milliseconds(frames.stall(atPercentile: 0.99)),
                milliseconds(frames.stallMilliseconds.last),
                frames.notesPerSecond.map(Format.grouped) ?? "-",
                frames.readsBehindWrites.map(String.init) ?? "n/a",
                all.mainQueueMerges == 0 ? "0" : "\(all.mainQueueMerges), max \(milliseconds(all.longestMainQueueMerge.milliseconds))",
                frames.lateReadCell,
                "\(all.wrongScreens)",
            ]
        }
    }

    /// The frames table's title: what the list is, and over which runs.
    package func framesTitle(of scenario: ScenarioResult) -> String {
        let schedule = scenario.scenario.definition.frames
        let rate = schedule.map { "\($0.framesPerSecond) Hz, the count and \($0.titles) titles a frame" } ?? ""
        let pooled = runs == 1 ? "each row's timed run" : "each row's \(runs) timed runs pooled"
        return "\(title(of: scenario)): frames of the main-actor list (\(rate)), \(pooled)"
    }

    /// What each column of the frames table means, one line each, and what the list adds
    /// to the main table's counts.
    package func framesLegend(of scenario: ScenarioResult) -> [String] {
        let schedule = scenario.scenario.definition.frames
        let interval = schedule.map { Format.decimal($0.interval.milliseconds, digits: 1) } ?? "-"
        let hertz = schedule.map { "\($0.framesPerSecond) Hz" } ?? "the display's"
        let titles = schedule.map { "\($0.titles)" } ?? "the first"
        let batch = scenario.scenario.definition.notesImported(by: 1)
        return [
            "due: deadlines of a \(hertz) display that fell while the operations ran, summed over the timed runs (meters off).",
            "rendered: frames whose read of the count and the first \(titles) titles, through the row, completed.",
            "missed: a deadline with no frame whose wait and read fit in \(interval) ms; the share is of the frames due.",
            "stall p50/p99/max: how late the main actor started a frame after its deadline, in ms, over every frame of every timed run pooled.",
            "notes/s: notes the import wrote per second, ops/s × \(Format.grouped(Double(batch))).",
            "reads behind writes: read jobs of the store's context queues that waited for a write of the same queue, counted in the counting pass's one run; n/a where the row queues no job on a context queue, so its reads wait elsewhere (a lock, another library's queue, an actor).",
            "main merges: merges of the import's saves made on the main queue while the list rendered (a view context that merges them), and the longest, in ms: time the main thread could not render.",
            "late: n: read · store: how many frames were rendered but not on time, the median time their read took, and the median time the store's context took for the read's fetch and count (timed around them inside the context's job), in ms; what the read took beyond the store's work was spent outside it (a queue's, a lock's or a core's wait, wake-ups, hops, the job's other statements); n/a where no context of the lab's store read, - with no late frame; medians of a handful of frames are rough.",
            "wrong: frames that showed a count or titles the store could not have shown; any makes the outcome DIFFERS.",
            "hops/op, enq/op and disp/op above include the list's reads: after the slash, the import's declared hops plus, per frame the counting run rendered, the row's declared read from the main actor and the list's own sleep (\(Self.said(ListFrameReader.perFrame))), and \(Self.said(ListFrameReader.perRendering)) more per segment, for the sleep after which the list sees the end.",
        ]
    }

    /// "1 hop, 2 enqueues".
    private static func said(_ cost: ListFrameReader.MeteredCost) -> String {
        ListFrameReader.said(cost.hops, "hop") + ", " + ListFrameReader.said(cost.enqueues, "enqueue")
    }

    /// The frames table for a terminal, with its title and legend; empty for a scenario
    /// without a list.
    package func framesTable(of scenario: ScenarioResult) -> [String] {
        guard let cells = frameCells(of: scenario) else { return [] }
        return [framesTitle(of: scenario)]
            + TextTable(columns: Self.frameColumns, rows: cells).aligned().map { "  " + $0 }
            + framesLegend(of: scenario).map { "  " + $0 }
    }

    /// The same in Markdown.
    package func framesMarkdown(of scenario: ScenarioResult) -> [String] {
        guard let cells = frameCells(of: scenario) else { return [] }
        var lines = ["### \(framesTitle(of: scenario))", ""]
        lines += TextTable(columns: Self.frameColumns, rows: cells).markdown()
        lines.append("")
        lines += framesLegend(of: scenario).map { "- \($0)" }
        return lines
    }
}

// MARK: - Milliseconds

extension Duration {
    /// The duration in milliseconds, as the frames table writes times.
    fileprivate var milliseconds: Double { nanoseconds / 1e6 }
}
