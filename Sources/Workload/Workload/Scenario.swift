// MARK: - Scenario

/// The six fixed scenarios of the lab. Each is one kind of operation, repeated.
public enum Scenario: String, CaseIterable, Sendable, Codable {
    /// One operation inserts a batch of 100 notes into folders, in one transaction.
    case importBatch = "import"
    /// One operation fetches one note snapshot by identifier, in one call.
    case pointRead = "point-read"
    /// One operation reads, modifies and saves one note by identifier, in one call.
    case update
    /// Client tasks mix 80% point reads and 20% updates, each on its own range of notes.
    case mixed
    /// One operation reads four properties of a note through four separate calls.
    case chatty
    /// A writer saves, alternately a batch of 10 new notes and an edit of a shown note, and
    /// after each save a main-actor reader shows the count and 50 notes, as a list does.
    case sync

    /// What one operation is and what the scenario shows, in one line.
    public var summary: String {
        switch self {
        case .importBatch: "insert a batch of \(Self.batchSize) notes in one transaction: write throughput; hops are rare"
        case .pointRead: "fetch one note snapshot by ID: per-call cost, where hops dominate"
        case .update: "read-modify-write one note by ID: hops plus a write transaction"
        case .mixed: "80% reads, 20% updates, each client on its own notes: contention and scaling"
        case .chatty: "read four properties through separate calls: what per-property hops cost"
        case .sync: "a writer saves, a main-actor view shows the count and \(ScenarioPlan.syncShownNotes.count) notes: keeping a view current per save"
        }
    }

    /// Operations of one timed run of a full `lab bench`: a run lasts from tens of
    /// milliseconds (raw-sqlite's point reads) to a few seconds (grdb's chatty reads).
    public var defaultOperations: Int {
        switch self {
        case .importBatch: 200
        case .pointRead: 10_000
        case .update: 2_000
        case .mixed: 10_000
        case .chatty: 5_000
        case .sync: 1_000
        }
    }

    /// Client tasks a scenario uses unless told otherwise.
    public var defaultClients: Int {
        self == .mixed ? 4 : 1
    }

    /// Notes in a batch of the import scenario.
    public static let batchSize = 100
}
