// MARK: - RowID

/// A row's fixed name (`queue-perform`, `raw-sqlite`, …), typed: a row that names another
/// (its cost model's base, the reference every row is compared with) names it by a
/// constant the compiler checks, not by a string that can drift from the row's own.
///
/// A row's identifier is declared here when code below the rows names it (the workload, the
/// engine, the reports), and otherwise may be declared beside the row itself; a test holds
/// every declaration to the row catalog.
public struct RowID: Hashable, Sendable {
    /// The name as the table, the JSON report and `--pattern` show it.
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}

extension RowID: RawRepresentable {
    public init(rawValue: String) {
        self.init(rawValue)
    }
}

extension RowID: Codable {
    /// A bare string in JSON, as the counting pass's child writes it.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension RowID: CustomStringConvertible {
    public var description: String { rawValue }
}

// MARK: - The bases

extension RowID {
    /// The lab's store with no concurrency layer: the base of the rows built on the store.
    public static let storeSync = RowID("store-sync")
    /// The store's SQL with no store: the base of the rows that run the SQL alone, and the
    /// reference every row is compared with.
    public static let rawSQLite = RowID("raw-sqlite")
}

// MARK: - The rows

/// The rows' identifiers, here below the rows so that the workload, the engine and the
/// reports name a row by its constant, never by a string; the row itself, its descriptor and
/// its place in the catalog live with its pattern (Sources/Patterns).
extension RowID {
    public static let queuePerform = RowID("queue-perform")
    public static let plainActor = RowID("plain-actor")
    public static let customExecutor = RowID("custom-executor")
    public static let globalActor = RowID("global-actor")
    public static let actorPerObject = RowID("actor-per-object")
    public static let modelActorOnMain = RowID("model-actor-on-main")
    public static let taskExecutor = RowID("task-executor")
    public static let actorConfined = RowID("actor-confined")
    public static let threadExecutor = RowID("thread-executor")
    public static let nonsending = RowID("nonsending")
    public static let concurrent = RowID("concurrent")
    public static let readerPool = RowID("reader-pool")
    public static let mutex = RowID("mutex")
    public static let grdb = RowID("grdb")
    public static let grdbPool = RowID("grdb-pool")
}
