import NoteStore

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

    /// The fixed row name (`queue-perform`, `plain-actor`, …).
    public let name: String
    public let kind: Kind
    /// What the row is, in one line.
    public let summary: String
    /// The lessons of the source articles the row shows.
    public let lessons: [Int]
    /// False for a row that is single-threaded by definition: its clients run one after
    /// another instead of concurrently.
    public let concurrentClients: Bool
    /// The actor hops each call is expected to make, with the reasons; nil when the row
    /// declares none (its measured hops are shown without a comparison).
    public let expectedHops: HopExpectation?
    /// The row that does this row's database work with no concurrency layer: the cost
    /// model adds this row's hops and queue jobs to that row's time. Nil for the rows that
    /// are bases themselves.
    public let modelBase: String?
    /// Opens the row's repository on the database at `location`.
    public let open: @Sendable (RepositoryConfiguration) async throws -> any NoteRepository

    public init(
        name: String, kind: Kind, summary: String, lessons: [Int], concurrentClients: Bool = true,
        expectedHops: HopExpectation? = nil, modelBase: String? = nil,
        open: @escaping @Sendable (RepositoryConfiguration) async throws -> any NoteRepository
    ) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.lessons = lessons
        self.concurrentClients = concurrentClients
        self.expectedHops = expectedHops
        self.modelBase = modelBase
        self.open = open
    }
}

extension RowDescriptor {
    /// The base of the rows built on the lab's store.
    public static let storeBase = "store-sync"
    /// The base of the rows that run the SQL without the store.
    public static let sqlBase = "raw-sqlite"
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
