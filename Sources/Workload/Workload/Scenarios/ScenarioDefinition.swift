// MARK: - ScenarioDefinition

/// Everything that makes a scenario what it is, in one place: its sizes, how its operations
/// are generated. One type per scenario, in Scenarios/; the plan, the runner, the cost
/// probe, the report and the benchmarks read it. What the report says of a scenario's
/// numbers is the report's (Bench's `Scenario+ReportWords.swift`), keyed by ``Scenario``.
///
/// Whatever the operations themselves tell (how many repository calls each makes, whether a
/// reader follows it) is derived from the generator, never stated again.
public protocol ScenarioDefinition: Sendable {
    /// What one operation is and what the scenario shows, in one line.
    var summary: String { get }

    // MARK: Sizes

    /// Operations of one timed run of a full `lab bench`: a run lasts from tens of
    /// milliseconds (raw-sqlite's point reads) to a few seconds (grdb's chatty reads).
    var defaultOperations: Int { get }
    /// Client tasks the scenario uses unless told otherwise.
    var defaultClients: Int { get }
    /// What the default `lab bench` divides ``defaultOperations`` by: small enough that
    /// `make bench` ends within 3 minutes after the build on a 2-core machine shared with
    /// other builds, large enough that a timed run lasts tens of milliseconds on a quiet one,
    /// well above the scheduler's tick.
    var standardDivisor: Int { get }
    /// The most operations `--operations` may ask for. A plan is generated as it runs, so
    /// memory does not set the bound; run time and disk do (Docs/Reliability.md has the figures).
    var maximumOperations: Int { get }
    /// Operations one benchmark iteration runs (Benchmarks/): enough that the run dominates
    /// the clock reads, few enough that the slowest row still does several iterations a
    /// second. The threshold files hold values per iteration, so changing this means
    /// `make bench-thresholds`.
    var benchmarkOperations: Int { get }
    /// Operations the runner generates ahead of running them, over all clients: every
    /// default plan fits in one segment, and memory holds one segment.
    var segmentOperations: Int { get }
    /// A rough cost of one operation in µs, averaged over the rows of a full run on 2
    /// cores: how the progress line weighs the work left. Only the ratios matter.
    var roughMicroseconds: Double { get }
    /// Round trips one cost probe makes, each carrying the first repository call of one of
    /// the scenario's operations on the lab's store: fewer for the larger jobs.
    var probeRoundTrips: Int { get }

    // MARK: Data

    /// Whether the plan's setup holds ``ScenarioPlan/seededNoteCount`` notes besides the folders.
    var seedsNotes: Bool { get }
    /// The rows the scenario compares, when it is not every row that can run it, and why.
    var comparedRows: (rows: [RowID], because: String)? { get }
    /// The sizes of the list each operation reads, ascending: the scenario runs once at each
    /// (``ScenarioPlan/listTitles``); empty where no operation reads a list.
    var listSizes: [Int] { get }
    /// The list a main-actor reader renders while the operations run
    /// (``ListFrameReader``), or nil for a scenario without one.
    var frames: ListFrameSchedule? { get }
    /// New notes a client's first `operations` operations import: where the next client's
    /// notes start, so each continues the text the clients before it leave off.
    func notesImported(by operations: Int) -> Int
    /// The client's operation number `index` (from 0), drawn from `source`.
    func operation(_ index: Int, from source: inout OperationSource) -> ScenarioPlan.Operation

}

// MARK: - Defaults

extension ScenarioDefinition {
    /// No list renders frames: only ui-during-import has one.
    public var frames: ListFrameSchedule? { nil }

    /// No operation reads a list: only list-read's do.
    public var listSizes: [Int] { [] }

    /// Every row that can run the scenario compares.
    public var comparedRows: (rows: [RowID], because: String)? { nil }

    /// The operations of a run whose lists hold `listTitles` titles, where `operations` is
    /// the count at ``ScenarioPlan/standardListTitles``: as many up to that size, and fewer
    /// above it, so that a run reads no more titles than one at the standard size (at least
    /// one operation).
    public func operations(_ operations: Int, listTitles: Int) -> Int {
        let standard = ScenarioPlan.standardListTitles
        return listTitles <= standard ? operations : max(min(operations, Self.fewestListReads), operations * standard / listTitles)
    }

    /// The fewest list reads of a run at a size above the standard one: 50 per client of 4,
    /// so that what a row pays once per run (a pool opening its readers) is not most of it.
    public static var fewestListReads: Int { 200 }
}

// MARK: - Derived from the operations

extension ScenarioDefinition {
    /// An operation of the scenario, known without generating a plan. Every operation of a
    /// scenario makes as many calls as this one, and has a reader when this one does
    /// (ScenarioPlanTests check both).
    private var sample: ScenarioPlan.Operation {
        var source = OperationSource(seed: 0)
        return operation(0, from: &source)
    }

    /// The repository calls every operation makes (``ScenarioPlan/Operation/calls`` counted).
    public var callsPerOperation: Int { sample.calls.count }

    /// Whether each operation ends with the main-actor reader's view (``SyncView``). Such a
    /// scenario has one client, as its reader must see one writer's saves in order, and the
    /// reader's hops are the scenario's, not the row's.
    public var hasReader: Bool { sample.hasReader }
}
