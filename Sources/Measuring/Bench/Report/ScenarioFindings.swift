import Workload

// MARK: - ScenarioFindings

/// What the report measured in one scenario, for the definition's own sentence: the report
/// does the arithmetic, the definition chooses the words.
struct ScenarioFindings {
    /// A row's count per operation that a scenario's sentence may quote.
    enum Count: Sendable {
        case wakeups, queueDispatches, hops
    }

    /// "a queue round trip, probed before each run, took 3.1 µs".
    let trip: String
    /// The probed round trip alone: "3.1 µs".
    let roundTrip: String
    /// "the patterns keep 20% to 45% of raw-sqlite".
    let kept: String
    /// The round trip over one operation's work in the store (in raw-sqlite when store-sync
    /// did not run): "3.2".
    let roundTripOverWork: String
    let clients: Int
    let cores: Int
    /// The report's comparison of the rows whose reader merges saves with those that fetch
    /// again, for a scenario with a reader; nil for the others.
    let readerComparison: String?
    private let count: (Count, RowID, Int) -> String?

    init(
        trip: String, roundTrip: String, kept: String, roundTripOverWork: String, clients: Int, cores: Int,
        readerComparison: String?, count: @escaping (_ count: Count, _ row: RowID, _ digits: Int) -> String?
    ) {
        self.trip = trip
        self.roundTrip = roundTrip
        self.kept = kept
        self.roundTripOverWork = roundTripOverWork
        self.clients = clients
        self.cores = cores
        self.readerComparison = readerComparison
        self.count = count
    }

    /// `row`'s count per operation with `digits` decimals; nil when the row did not run or
    /// did not count it.
    func count(_ count: Count, of row: RowID, digits: Int) -> String? {
        self.count(count, row, digits)
    }
}
