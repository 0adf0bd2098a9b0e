import Rows
import Support
import Workload
import RowKit

// MARK: - BenchSettings

/// What one `lab bench` run measures, with every default resolved.
package struct BenchSettings: Sendable {
    package var scenarios: [Scenario]
    package var rows: [RowDescriptor]
    /// Measured operations per run; nil means each scenario's default.
    package var operations: Int?
    /// Client tasks; nil means each scenario's default.
    package var clients: Int?
    /// The client counts of a sweep (`--clients 1,2,4,8`), ascending; empty when the run has
    /// one count. A swept scenario runs at each count instead of at ``clients``.
    package var clientSweep: [Int] = []
    /// The titles of every list read (`--list-titles 50`); nil means each size of the
    /// scenario's `ScenarioDefinition.listSizes`, or the standard size in a client sweep.
    package var listTitles: Int?
    package var runs: Int
    package var seed: UInt64
    package var quick: Bool
    /// Every scenario's full default size: the run `make bench-full` and `make results` make.
    package var full: Bool = false
    /// Hops, latency and allocations are metered; off only to measure what the meters cost.
    package var meters: Bool
    package var database: BenchDatabase.Location
    /// The command as typed, for the report.
    package var commandLine: String

    package init(
        scenarios: [Scenario], rows: [RowDescriptor], operations: Int?, clients: Int?, clientSweep: [Int] = [],
        listTitles: Int? = nil, runs: Int, seed: UInt64, quick: Bool, full: Bool = false, meters: Bool,
        database: BenchDatabase.Location, commandLine: String
    ) {
        self.scenarios = scenarios
        self.rows = rows
        self.operations = operations
        self.clients = clients
        self.clientSweep = clientSweep
        self.listTitles = listTitles
        self.runs = runs
        self.seed = seed
        self.quick = quick
        self.full = full
        self.meters = meters
        self.database = database
        self.commandLine = commandLine
    }

    /// What the operations of `scenario`'s full size are divided by: 10 with `--quick`, 1
    /// with `--full`, and the scenario's `ScenarioDefinition.standardDivisor` otherwise.
    package func divisor(for scenario: Scenario) -> Int {
        quick ? 10 : full ? 1 : scenario.definition.standardDivisor
    }

    /// The operations asked for, or the scenario's default size at its list size
    /// (`ScenarioDefinition.operations(_:listTitles:)`).
    package func operations(for scenario: Scenario) -> Int {
        if let operations { return operations }
        let standard = max(1, scenario.definition.defaultOperations / divisor(for: scenario))
        return scenario.definition.operations(standard, listTitles: listTitles(for: scenario))
    }

    /// The titles of `scenario`'s list reads in one run of these settings.
    package func listTitles(for scenario: Scenario) -> Int {
        listTitles ?? ScenarioPlan.standardListTitles
    }

    package func clients(for scenario: Scenario) -> Int {
        clients ?? scenario.definition.defaultClients
    }

    /// Operations of the unmeasured warm-up run that precedes a row's measured runs.
    package func warmUpOperations(for scenario: Scenario) -> Int {
        max(1, operations(for: scenario) / 10)
    }

    /// The measured plan of `scenario`.
    package func plan(for scenario: Scenario) -> ScenarioPlan {
        ScenarioPlan(
            scenario: scenario, operations: operations(for: scenario), clients: clients(for: scenario), seed: seed,
            listTitles: listTitles(for: scenario)
        )
    }

    /// The warm-up plan of `scenario`: a tenth of the operations, another seed.
    package func warmUpPlan(for scenario: Scenario) -> ScenarioPlan {
        ScenarioPlan(
            scenario: scenario, operations: warmUpOperations(for: scenario), clients: clients(for: scenario),
            seed: Self.warmUpSeed(for: seed), listTitles: listTitles(for: scenario)
        )
    }

    /// The warm-up's seed, for a run of `seed`: the next one.
    package static func warmUpSeed(for seed: UInt64) -> UInt64 { seed &+ 1 }
}

// MARK: - Rows of a scenario

extension BenchSettings {
    /// The rows of these settings that run `scenario` (`RowDescriptor.runs(_:)`), in
    /// their order: every pass and every table of `scenario` takes its rows from here.
    package func rows(for scenario: Scenario) -> [RowDescriptor] {
        rows.filter { $0.runs(scenario) }
    }

    /// The rows of these settings that do not run `scenario`, which its table leaves out
    /// with the reason.
    package func rowsNotRun(in scenario: Scenario) -> [RowDescriptor] {
        rows.filter { !$0.runs(scenario) }
    }
}

// MARK: - Sweeps

extension BenchSettings {
    /// Whether `scenario` runs at every count of the client sweep: there is a sweep, and the
    /// scenario takes concurrent clients. A scenario with a reader (sync) has one client by
    /// contract (`ScenarioDefinition.hasReader`), so more would measure nothing new.
    package func sweeps(_ scenario: Scenario) -> Bool {
        clientSweep.count > 1 && !scenario.definition.hasReader
    }

    /// Whether `scenario` runs at every size of its lists (list-read, unless `--list-titles`
    /// names one size or the run sweeps clients: a run sweeps one thing at a time).
    package func sweepsListSizes(of scenario: Scenario) -> Bool {
        listTitles == nil && !sweeps(scenario) && scenario.definition.listSizes.count > 1
    }

    /// The scenarios that run more than once, at each count or at each list size, in the
    /// order they run.
    package var sweptScenarios: [Scenario] { scenarios.filter { sweeps($0) || sweepsListSizes(of: $0) } }

    /// `scenario`'s settings at each point it runs at: one per count of the client sweep,
    /// or one per list size, for a swept scenario, these settings otherwise. Each holds a
    /// single count and size, so a point's plan, warm-up and counts come from it exactly as
    /// in a run without a sweep.
    package func atEachPoint(of scenario: Scenario) -> [BenchSettings] {
        if sweeps(scenario) {
            return clientSweep.map { count in
                var settings = self
                settings.clients = count
                settings.clientSweep = []
                return settings
            }
        }
        if sweepsListSizes(of: scenario) {
            return scenario.definition.listSizes.map { titles in
                var settings = self
                settings.listTitles = titles
                return settings
            }
        }
        return [self]
    }

    /// "mixed", "mixed at 2 clients" or "list-read of 50 titles" for one point of a swept
    /// scenario (`point`, one of ``atEachPoint(of:)``): how the progress line names what runs.
    package func name(of scenario: Scenario, at point: BenchSettings) -> String {
        if sweeps(scenario) { return "\(scenario.rawValue) at \(point.clients(for: scenario)) clients" }
        if sweepsListSizes(of: scenario) { return "\(scenario.rawValue) of \(ScenarioPlan.titles(point.listTitles(for: scenario)))" }
        return scenario.rawValue
    }
}

// MARK: - Request

extension BenchSettings.Request {
    /// Throws a usage error naming the first value `lab bench` would not have accepted.
    func validate() throws(LabError) {
        func refuse(_ what: String) -> LabError { .usage("the counting pass's request \(what)") }
        if let operations {
            guard operations >= 1 else { throw refuse("asks for \(operations) operations; a run needs at least 1") }
            for scenario in scenarios where operations > scenario.definition.maximumOperations {
                throw refuse("asks for \(operations) operations, more than \(scenario.rawValue) takes (at most \(scenario.definition.maximumOperations))")
            }
        }
        let range = BenchSettings.clientRange
        if let clients, !range.contains(clients) {
            throw refuse("asks for \(clients) clients; a run takes \(range.lowerBound) to \(range.upperBound)")
        }
        for count in clientSweep where !range.contains(count) {
            throw refuse("sweeps \(count) clients; a run takes \(range.lowerBound) to \(range.upperBound)")
        }
        guard Set(clientSweep).count == clientSweep.count else { throw refuse("names a client count twice in its sweep") }
        if let listTitles, !BenchSettings.listTitleRange.contains(listTitles) {
            throw refuse("asks for lists of \(listTitles) titles; a list holds \(BenchSettings.listTitleRange.lowerBound) to \(BenchSettings.listTitleRange.upperBound)")
        }
        guard (1...100).contains(runs) else { throw refuse("asks for \(runs) runs; a run takes 1 to 100") }
        guard !(quick && full) else { throw refuse("is both quick and full") }
    }
}

extension BenchSettings {
    /// The settings as plain values, rows by name: what the parent hands the child process
    /// of its counting pass, in a file.
    package struct Request: Codable, Equatable, Sendable {
        package var scenarios: [Scenario]
        package var rows: [String]
        package var operations: Int?
        package var clients: Int?
        package var clientSweep: [Int]
        package var listTitles: Int?
        package var runs: Int
        package var seed: UInt64
        package var quick: Bool
        package var full: Bool
        package var meters: Bool
        package var database: BenchDatabase.Location
        package var commandLine: String
    }

    package var request: Request {
        Request(
            scenarios: scenarios, rows: rows.map(\.name), operations: operations, clients: clients,
            clientSweep: clientSweep, listTitles: listTitles, runs: runs, seed: seed, quick: quick, full: full,
            meters: meters, database: database, commandLine: commandLine
        )
    }

    /// The client counts a run may take: 64 clients already need 25 file descriptors and
    /// about 300 MB (Docs/Reliability.md).
    package static let clientRange = 1...64

    /// The titles a list read may return: from one to every seeded note.
    package static let listTitleRange = 1...ScenarioPlan.seededNoteCount

    /// The settings a request names. The request is checked whole first, as `lab bench`
    /// checks its options: a row the catalog does not have, a size or a count out of range,
    /// is a usage error that names it, and nothing has been touched.
    package init(_ request: Request) throws(LabError) {
        try request.validate()
        var rows: [RowDescriptor] = []
        for name in request.rows {
            guard let row = RowCatalog.row(named: name) else { throw .usage("unknown row '\(name.shown)' in the counting pass's request") }
            rows.append(row)
        }
        self.init(
            scenarios: request.scenarios, rows: rows, operations: request.operations, clients: request.clients,
            clientSweep: request.clientSweep, listTitles: request.listTitles, runs: request.runs, seed: request.seed,
            quick: request.quick,
            full: request.full, meters: request.meters, database: request.database, commandLine: request.commandLine
        )
    }
}
