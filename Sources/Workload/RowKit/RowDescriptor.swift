import NoteStore
import Workload

// MARK: - RowDescriptor

/// One row of the results table: a pattern, an anti-pattern, a baseline or a peer, and how
/// to open its repository on a fresh database.
public struct RowDescriptor: Sendable {
    public enum Kind: String, Sendable, Codable {
        case pattern
        case antiPattern = "anti-pattern"
        case baseline
        case peer
    }

    /// The row's fixed name, typed.
    public let id: RowID
    public let kind: Kind
    /// What the row is, in one sentence: the reference's table of rows shows it (Markdown,
    /// code in backticks), and `lab bench --list`.
    public let summary: String
    /// The lessons of the source articles the row shows.
    public let lessons: [Int]
    /// How the row's clients run: one after another, concurrently, or concurrently in tasks
    /// that prefer an executor the row provides.
    public let clients: ClientMode
    /// The actor hops each call is expected to make, with the reasons; nil when the row
    /// declares none (its measured hops are shown without a comparison).
    public let expectedHops: HopExpectation?
    /// Whether the row is about how a screen reads, and runs only the scenarios with a
    /// main-actor list: elsewhere its calls are another row's.
    public let runsOnlyWithAList: Bool
    /// Whether the row's calls wait synchronously for a context's queue (`performAndWait`),
    /// which the store counts as blocking waits; no other row may park a thread so.
    public let waitsForTheQueue: Bool
    /// The jobs each call is expected to hand to an executor (the global pool or a custom
    /// executor), with the reasons, in the same form as the hops; nil when undeclared.
    public let expectedEnqueues: HopExpectation?
    /// How the cost model reads the row: a base, a base plus the row's hops and queue
    /// round trips, or outside the model, with the reason.
    public let costModel: CostModelRole
    /// Objects the row shares by design, which its leak check neither tracks nor enters:
    /// they outlive the row's repository on purpose.
    public let isSharedInfrastructure: @Sendable (AnyObject) -> Bool
    /// Opens the row's repository on the database at `location`.
    public let open: @Sendable (RepositoryConfiguration) async throws -> any NoteRepository

    public init(
        id: RowID, kind: Kind, summary: String, lessons: [Int], clients: ClientMode = .concurrent,
        expectedHops: HopExpectation? = nil, expectedEnqueues: HopExpectation? = nil, waitsForTheQueue: Bool = false,
        runsOnlyWithAList: Bool = false,
        costModel: CostModelRole = .unpredicted(because: "the row names no base for the cost model"),
        isSharedInfrastructure: @escaping @Sendable (AnyObject) -> Bool = RowDescriptor.isStoreInfrastructure,
        open: @escaping @Sendable (RepositoryConfiguration) async throws -> any NoteRepository
    ) {
        self.id = id
        self.kind = kind
        self.summary = summary
        self.lessons = lessons
        self.clients = clients
        self.expectedHops = expectedHops
        self.expectedEnqueues = expectedEnqueues
        self.waitsForTheQueue = waitsForTheQueue
        self.runsOnlyWithAList = runsOnlyWithAList
        self.costModel = costModel
        self.isSharedInfrastructure = isSharedInfrastructure
        self.open = open
    }
}

extension RowDescriptor {
    /// What every row built on the lab's store shares: context queues and their executors
    /// (a global actor's queue outlives every store it serves). The default of a row.
    @Sendable
    public static func isStoreInfrastructure(_ object: AnyObject) -> Bool {
        object is ContextQueue || object is ContextExecutor
    }
}

extension RowDescriptor {
    /// The row's fixed name (`queue-perform`, `plain-actor`, …), as the table and the JSON
    /// report show it.
    public var name: String { id.rawValue }

    /// False for a row that is single-threaded by definition: its clients run one after
    /// another instead of concurrently.
    public var concurrentClients: Bool { clients.isConcurrent }

    /// Whether the row runs `scenario`. A single-threaded row (raw-sqlite: one caller at a
    /// time, by contract) cannot have a list read it from the main actor while its import
    /// runs: those reads would race on its one connection. A row about how a screen reads
    /// runs only where a list renders.
    public func runs(_ scenario: Scenario) -> Bool {
        let hasList = scenario.definition.frames != nil
        let compared = scenario.definition.comparedRows.map { $0.rows.contains(id) } ?? true
        return (concurrentClients || !hasList) && (!runsOnlyWithAList || hasList) && compared
    }

    /// Why the row does not run `scenario`, in words a report shows; nil when it runs it.
    package func reasonNotRun(in scenario: Scenario) -> String? {
        guard !runs(scenario) else { return nil }
        if let compared = scenario.definition.comparedRows, !compared.rows.contains(id) { return compared.because }
        if runsOnlyWithAList {
            return "a row about how a screen reads runs only where a main-actor list renders; elsewhere its calls are another row's"
        }
        return "a row whose clients run in turn, one caller at a time by contract, cannot have the scenario's main-actor list read it while its import writes"
    }

    /// The row whose time the cost model adds this row's hops and round trips to, if any.
    public var modelBase: RowID? {
        if case .predicted(let base) = costModel { base } else { nil }
    }
}

// MARK: - CostModelRole

/// How the cost model reads a row.
public enum CostModelRole: Sendable, Equatable {
    /// The row does its database work with no concurrency layer; other rows are predicted
    /// from its time.
    case base
    /// The row does the work of the row `base`, plus its own hops and queue round trips:
    /// the model predicts its time from those.
    case predicted(base: RowID)
    /// The row's work is not any base's, so the model predicts nothing for it; `because`
    /// says what differs.
    case unpredicted(because: String)
}

// MARK: - RepositoryConfiguration

/// Where a row opens its database, and how.
public struct RepositoryConfiguration: Sendable {
    public var location: NoteContainer.Location
    public var concurrencyDebug: Bool

    public init(location: NoteContainer.Location, concurrencyDebug: Bool = false) {
        self.location = location
        self.concurrencyDebug = concurrencyDebug
    }

    /// A container on this configuration's database, for the rows built on the store.
    public func makeContainer() throws(NoteStoreError) -> NoteContainer {
        try NoteContainer(location: location, options: .init(concurrencyDebug: concurrencyDebug))
    }
}
