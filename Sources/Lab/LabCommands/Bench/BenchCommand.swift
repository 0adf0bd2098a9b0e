import Rows
import Support
import ArgumentParser
import Foundation
import NoteStore
import Bench
import Workload

// MARK: - BenchCommand

/// `lab bench`: runs scenarios × rows and prints the comparison.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run the workload through every pattern and baseline and compare them.",
        discussion: """
            Each row runs the same seeded scenario on a fresh database; every row of a \
            scenario must end with the reference checksum, or the command exits 1. Ctrl-C or \
            SIGTERM stops the run and removes its temporary databases (exit 130 or 143).
            """
    )

    @Flag(name: .long, help: "List the scenarios and rows, then exit.")
    var list = false

    @Option(name: .long, help: "A scenario to run (repeatable; default: all).")
    var scenario: [Scenario] = []

    @Option(name: [.customLong("pattern"), .customLong("row")], help: "A row to run (repeatable; default: all).")
    var pattern: [String] = []

    // The numeric options take the next argument as their value even when it starts with a
    // dash (`.unconditional`): `--runs -1` is then "--runs must be between 1 and 100, not -1",
    // not "Missing value for '--runs <runs>'".
    @Option(name: .long, parsing: .unconditional, help: "Measured operations per run (default: an eighth of each scenario's full size, a sixteenth of sync's and list-read's; --quick takes a tenth, --full all of it; at most 1,000,000, or 200,000 for import).")
    var operations: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "Concurrent client tasks (default: 4 for mixed, 1 otherwise), or several separated by commas (1,2,4,8).",
        discussion: """
            Several counts run every scenario that takes concurrent clients (all but sync, \
            which has one by contract) at each count, fewest first, and add a table of \
            throughput by clients per scenario (and, with --docs, a chart, Scaling-<scenario>.svg).
            """
    ))
    var clients: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "The titles of each list read in list-read, from 1 to 1,000 (default: each of 1, 10, 100 and 1,000).",
        discussion: """
            Without it, list-read runs once per size and adds a table of throughput by list \
            size (and, with --docs, a chart, Sizes-list-read.svg); with a --clients sweep, it \
            runs at 50 titles.
            """
    ))
    var listTitles: Int?

    @Option(name: .long, parsing: .unconditional, help: "Measured runs per row; the table shows their median (default: 5, or 3 with --quick).")
    var runs: Int?

    @Option(name: .long, parsing: .unconditional, help: "The seed of the generated workload (0 to 18446744073709551615).", transform: BenchCommand.seed)
    var seed: UInt64 = 42

    @Flag(name: .long, help: "A smaller run: a tenth of the operations, three rounds (20 to 75 seconds on 2 cores, as busy as the machine is).")
    var quick = false

    @Flag(name: .long, help: "The longer run: every scenario at its full size, five rounds (make bench-full, make results).")
    var full = false

    @Option(name: .long, help: "Output format: table, json or markdown.")
    var format: BenchFormat = .table

    @Flag(name: .long, help: "The table with every count (cpu, p50, enqueues, queue jobs, wake-ups, the cost model), wider than 120 columns.")
    var wide = false

    @Option(name: .long, help: ArgumentHelp(
        "Compare this run with a saved one: the JSON of --format json or of --docs (Results.json).",
        discussion: """
            After the table, each row's ops/s over its saved ops/s, and whether the change holds \
            beyond the runs' spread (its time over raw-sqlite's, round by round, in both runs). \
            Settings that differ between the runs (machine, Swift, seed, database, operations) \
            are said. The table and Markdown formats only.
            """
    ))
    var baseline: String?

    @Option(name: .long, help: ArgumentHelp(
        "Write the report to this file instead of standard output ('-': standard output).",
        discussion: """
            A regular file is replaced whole by a rename, keeping its permissions, and only when \
            you may write it; a device is written through; a FIFO is opened before the run and \
            needs a reader by then; a socket is refused; a symbolic link is followed and its \
            target written. A failed write exits 74.
            """
    ))
    var output: String?

    @Option(name: .long, help: ArgumentHelp(
        "Where the databases live: 'memory', or a SQLite file path. Default: a temporary file.",
        discussion: """
            The file must be new, empty, or a database an earlier run made (marked with the lab's \
            application_id): the lab empties its own notes and folders tables before each run and \
            touches nothing else. Any other file is refused and left untouched, and so is a file \
            with a -wal, -shm or -journal beside it that the lab did not make. One run at a time \
            per file, whatever name reaches it.
            """
    ))
    var database: String?

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Show what runs now on standard error (default: when it is a terminal).",
        discussion: "Where standard error is not a terminal, --progress writes a line per step."
    ))
    var progress: Bool?

    @Flag(name: .long, help: "Skip the counting pass (hops, queue jobs, allocations, leaks): timings only.")
    var noMeters = false

    @Option(name: .long, help: "Also write Results.md, Results.svg and Results.json (the report as JSON, which the guide's figure test can read) into this folder (all or none), a chart per scenario of a --clients sweep, and list-read's chart by list size.")
    var docs: String?

    func validate() throws {
        if let operations, operations < 1 { throw ValidationError("--operations must be at least 1, not \(operations)") }
        for scenario in scenario.isEmpty ? Scenario.allCases : scenario {
            let maximum = scenario.definition.maximumOperations
            if let operations, operations > maximum {
                throw ValidationError(
                    "--operations \(operations) is more than \(scenario.rawValue) takes (at most \(maximum)); pick fewer, or other scenarios with --scenario"
                )
            }
        }
        if let clients { _ = try ClientCounts.parse(clients) }
        let titles = BenchSettings.listTitleRange
        if let listTitles, !titles.contains(listTitles) {
            throw ValidationError("--list-titles must be between \(titles.lowerBound) and \(titles.upperBound), the notes a run starts with, not \(listTitles)")
        }
        if let runs, !(1...100).contains(runs) { throw ValidationError("--runs must be between 1 and 100, not \(runs)") }
        if quick && full { throw ValidationError("--quick and --full exclude each other") }
        if wide && format != .table { throw ValidationError("--wide widens the table; --format \(format.rawValue) has every count already") }
        if baseline != nil && format == .json {
            throw ValidationError("--baseline prints its comparison with the table or Markdown; compare two --format json files yourself")
        }
        for name in pattern where RowCatalog.row(named: name) == nil {
            let names = RowCatalog.all.map(\.name).joined(separator: ", ")
            throw ValidationError("unknown row '\(name)'; the rows are \(names)")
        }
        // A scenario asked for by name that no row asked for runs would measure nothing.
        let rows = pattern.compactMap(RowCatalog.row(named:))
        for scenario in scenario.uniqued() where !rows.isEmpty && !rows.contains(where: { $0.runs(scenario) }) {
            let names = rows.uniqued(by: \.name).map(\.name)
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names[0]
            let other = RowCatalog.all.first { $0.runs(scenario) }.map { " (such as --pattern \($0.name))" } ?? ""
            throw ValidationError(
                "\(list) \(names.count > 1 ? "do" : "does") not run \(scenario.rawValue): \(rows[0].reasonNotRun(in: scenario) ?? "it cannot"); add a row that does\(other), or pick another --scenario"
            )
        }
    }

    func run() async throws {
        if list {
            try StandardOutput.write(BenchCommand.listing() + "\n")
            return
        }
        Interruption.install(saying: "the run stopped and its temporary files were removed")
        let settings = try settings()
        // Read before the run, so that a file that cannot be compared with costs no run.
        let saved = try baseline.map { path throws(LabError) in try Baseline(contentsOf: path) }
        if settings.database == .temporaryFiles { try BenchDatabase.checkTemporaryDirectory() }
        let charts = settings.sweptScenarios.map { scenario in
            settings.sweeps(scenario)
                ? BenchReport.ClientSweep.chartFileName(of: scenario) : BenchReport.ListSizeSweep.chartFileName(of: scenario)
        }
        let destinations = try Destinations(output: output, docs: docs, charts: charts)
        try destinations.checkApart(from: settings.database)
        // The run owns a named database file until it ends; its counting pass, a child
        // process, works in it while this process waits.
        let lock = try claimDatabase(settings.database)
        defer { lock?.release() }
        let progress = ProgressLine(enabled: progress ?? ProgressLine.standardErrorIsTerminal)
        let report = try await BenchRunner(settings: settings, progress: progress).run(checkingTargets: docs != nil)
        var outputs: [(text: String, to: OutputFile)] = []
        if let docs = destinations.docs {
            outputs += [
                (report.renderedMarkdown(linkingCharts: true), docs.markdown), (report.renderedSVG(), docs.svg),
                (report.renderedJSON(), docs.json),
            ]
            for sweep in report.clientSweeps {
                if let chart = docs.charts[sweep.chartFileName] { outputs.append((report.renderedScalingSVG(sweep), chart)) }
            }
            for sweep in report.listSizeSweeps {
                if let chart = docs.charts[sweep.chartFileName] { outputs.append((report.renderedListSizeSVG(sweep), chart)) }
            }
        }
        var text = output == nil && format == .table
            ? report.renderedTable(colors: ProgressLine.standardOutputIsTerminal, wide: wide) : report.rendered(as: format, wide: wide)
        if let saved {
            let lines = report.comparison(with: saved)
            text = (text.hasSuffix("\n") ? text : text + "\n") + "\n"
                + (format == .markdown ? "## " + lines[0] + "\n\n" + lines.dropFirst().map { "- " + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "\n")
                    : BenchReport.terminalLines(lines).joined(separator: "\n"))
        }
        outputs.append((text.hasSuffix("\n") ? text : text + "\n", destinations.report))
        try OutputFile.write(outputs)
        let failures = report.failures
        if let first = failures.first {
            let more = failures.count > 1 ? " (and \(failures.count - 1) more; see the report)" : ""
            throw LabError.checkFailed(first + more)
        }
    }

    /// The run's settings, with the defaults filled in and the database checked.
    func settings() throws(LabError) -> BenchSettings {
        let rows = pattern.isEmpty ? RowCatalog.all : pattern.compactMap(RowCatalog.row(named:))
        let scenarios = scenario.isEmpty ? Scenario.allCases : scenario.uniqued()
        let location = try BenchDatabase.Location(argument: database)
        // validate() has parsed them: one count is the run of old, several a sweep.
        let counts = clients.flatMap { try? ClientCounts.parse($0) } ?? []
        return BenchSettings(
            scenarios: scenarios, rows: rows.uniqued(by: \.name),
            operations: operations, clients: counts.count == 1 ? counts[0] : nil, clientSweep: counts.count > 1 ? counts : [],
            listTitles: listTitles ?? (counts.count > 1 ? ScenarioPlan.standardListTitles : nil),
            runs: runs ?? (quick ? 3 : 5), seed: seed, quick: quick, full: full, meters: !noMeters, database: location,
            commandLine: (["lab"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
        )
    }

    /// Locks a named database file for this run and marks it as the lab's; nil for the
    /// other locations, which no other run can see.
    private func claimDatabase(_ location: BenchDatabase.Location) throws(LabError) -> DatabaseLock? {
        guard case .file = location, let database else { return nil }
        return try LabDatabaseFile(checking: database).claim()
    }

    /// `--seed`: a whole number from 0 up, in words when it is not one.
    static func seed(_ argument: String) throws -> UInt64 {
        guard let seed = UInt64(argument) else {
            throw ValidationError("a seed is a whole number from 0 to \(UInt64.max)")
        }
        return seed
    }

    static func listing() -> String {
        var lines = ["Scenarios:"]
        for scenario in Scenario.allCases {
            lines.append("  \(scenario.rawValue.padding(18))\(scenario.definition.summary)")
        }
        lines.append("")
        lines.append("Rows:")
        let nameWidth = (RowCatalog.all.map(\.name.count).max() ?? 0) + 2
        for row in RowCatalog.all {
            let lessons = row.lessons.isEmpty ? "" : " (lesson \(row.lessons.map(String.init).joined(separator: ", ")))"
            // The summary is the reference's Markdown: its code spans lose their backticks here.
            let summary = wrap(row.summary.replacingOccurrences(of: "`", with: "") + lessons, width: 112, indent: String(repeating: " ", count: 2 + nameWidth + 14))
            lines.append("  \(row.name.padding(nameWidth))\(row.kind.rawValue.padding(14))" + summary.joined(separator: "\n").dropFirst(2 + nameWidth + 14))
        }
        return lines.joined(separator: "\n")
    }
}

// MARK: - Destinations

/// Where `lab bench` writes its results, every one checked before the benchmark runs: with
/// `--docs`, Results.md, Results.svg, Results.json (the same report as JSON, schema 2) and the
/// `charts`, by file name: one per scenario a sweep runs at several client counts or list sizes.
private struct Destinations {
    var report: OutputFile
    var docs: (markdown: OutputFile, svg: OutputFile, json: OutputFile, charts: [String: OutputFile])?

    init(output: String?, docs: String?, charts: [String]) throws(LabError) {
        report = try OutputFile(checking: output ?? "-")
        guard let docs else { return }
        guard (try? FileStatus.of(docs))?.kind == .directory else { throw .usage("--docs '\(docs)' is not a folder") }
        let folder = docs.hasSuffix("/") ? docs : docs + "/"
        var files: [String: OutputFile] = [:]
        for chart in charts { files[chart] = try OutputFile(checking: folder + chart) }
        self.docs = (
            try OutputFile(checking: folder + "Results.md"), try OutputFile(checking: folder + "Results.svg"),
            try OutputFile(checking: folder + "Results.json"), files
        )
    }

    /// Refuses a destination that is the run's own database or one of the files SQLite keeps
    /// beside it, under any name: a report written there would replace the database the
    /// run works in.
    func checkApart(from database: BenchDatabase.Location) throws(LabError) {
        guard case .file(let path) = database else { return }
        let files = [report] + (docs.map { [$0.markdown, $0.svg, $0.json] + Array($0.charts.values) } ?? [])
        let own = ["", "-wal", "-shm", "-journal"].map { path + $0 }
        let ownIdentities = own.compactMap { (try? FileStatus.of($0))??.identity }
        for case .file(let destination) in files {
            let identity = (try? FileStatus.of(destination))??.identity
            if own.contains(destination) || identity.map(ownIdentities.contains) == true {
                throw .usage("--output '\(destination.shown)' is the run's own database or a file SQLite keeps beside it; give another path")
            }
        }
    }
}

// MARK: - Arguments

extension Scenario: ExpressibleByArgument {}

extension BenchFormat: ExpressibleByArgument {}

// MARK: - Helpers

extension Array {
    func uniqued<Key: Hashable>(by key: (Element) -> Key) -> [Element] {
        var seen = Set<Key>()
        return filter { seen.insert(key($0)).inserted }
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] { uniqued { $0 } }
}

extension String {
    /// The string padded with spaces to `width` characters (left-aligned).
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
