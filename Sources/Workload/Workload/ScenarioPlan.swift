import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - ScenarioPlan

/// Everything one run of a scenario does, derived from a seed: the data loaded before
/// measuring, and each client's list of operations.
///
/// The plan is a value: every row receives the same one, and the same seed always gives
/// the same plan. Clients never touch each other's notes when they write, so the final
/// database does not depend on how their operations interleave.
///
/// A client's operations are generated as they are read, not stored: a plan of a million
/// operations takes the memory of one. The import scenario's notes come from one text
/// generator shared by every client in client order; each client starts it where the
/// clients before it leave it (``TextGenerator/skip(notes:)``), so its notes are the ones
/// a single pass over all clients generates.
public struct ScenarioPlan: Sendable {
    public let scenario: Scenario
    public let seed: UInt64
    /// Written before measuring (through the row itself, so every database kind works).
    public let setup: [NoteBatch]
    /// One list per client task, run concurrently; each list runs in order.
    public let clients: [Client]
    /// The titles each list read returns, in a scenario whose operations read a list
    /// (``ScenarioDefinition/listSizes``).
    public let listTitles: Int

    /// The number of measured operations, over all clients.
    public var operationCount: Int { clients.reduce(0) { $0 + $1.count } }

    /// Folders every scenario starts with.
    public static let folderCount = 10
    /// Notes the reading and updating scenarios start with.
    public static let seededNoteCount = 1_000
    /// The titles of a list read unless a plan says otherwise: a screen's worth.
    public static let standardListTitles = 50

    /// "1 title", "50 titles".
    public static func titles(_ count: Int) -> String { "\(count) title\(count == 1 ? "" : "s")" }

    /// - Parameters:
    ///   - operations: Measured operations over all clients (at least 1).
    ///   - clients: Concurrent client tasks (at least 1); operations are shared out evenly.
    ///     A scenario with a reader always has one: its reader must see one writer's saves
    ///     in order.
    ///   - listTitles: The titles of each list read, from 1 to ``seededNoteCount``.
    public init(scenario: Scenario, operations: Int, clients: Int, seed: UInt64, listTitles: Int = standardListTitles) {
        precondition(operations >= 1 && clients >= 1, "a plan needs at least one operation and one client")
        precondition((1...Self.seededNoteCount).contains(listTitles), "a list reads from 1 to \(Self.seededNoteCount) titles")
        let definition = scenario.definition
        let clients = definition.hasReader ? 1 : clients
        self.scenario = scenario
        self.seed = seed
        self.listTitles = listTitles
        var text = TextGenerator(seed: seed)
        let folders = (1...Int64(Self.folderCount)).map { FolderSnapshot(id: FolderID($0), name: "Folder \($0)") }
        var setup = [NoteBatch(folders: folders)]
        if definition.seedsNotes {
            let notes = (1...Int64(Self.seededNoteCount)).map { text.note(id: NoteID($0)) }
            setup += stride(from: 0, to: notes.count, by: Scenario.batchSize).map {
                NoteBatch(notes: Array(notes[$0..<min($0 + Scenario.batchSize, notes.count)]))
            }
        }
        self.setup = setup

        let shares = (0..<clients).map { operations / clients + ($0 < operations % clients ? 1 : 0) }
        let ranges = Self.ownRanges(clients: clients)
        var importedBefore = 0  // notes the clients before this one import
        self.clients = (0..<clients).map { client in
            var clientText = text
            clientText.skip(notes: importedBefore)
            let source = OperationSource(
                random: SplitMix64(seed: seed &+ UInt64(client) &* 0x9E37_79B9), text: clientText,
                own: ranges[client], nextImportedID: Int64(Self.seededNoteCount + 1 + importedBefore),
                listTitles: listTitles
            )
            importedBefore += definition.notesImported(by: shares[client])
            return Client(count: shares[client], scenario: scenario, source: source)
        }
    }

    // MARK: Client

    /// One client's operations, generated from the seed as they are read.
    public struct Client: Sequence, Sendable, Equatable {
        /// How many operations the client runs.
        public let count: Int
        let scenario: Scenario
        /// Where the client's first operation is drawn from.
        let source: OperationSource

        public var underestimatedCount: Int { count }

        public func makeIterator() -> Iterator { Iterator(client: self) }

        /// Two clients are equal when they run the same operations.
        public static func == (lhs: Client, rhs: Client) -> Bool {
            lhs.count == rhs.count && lhs.elementsEqual(rhs)
        }

        public struct Iterator: IteratorProtocol, Sendable {
            private let definition: any ScenarioDefinition
            private var source: OperationSource
            private var remaining: Int
            /// Operations produced so far: a scenario may alternate on it.
            private var produced = 0

            init(client: Client) {
                definition = client.scenario.definition
                source = client.source
                remaining = client.count
            }

            public mutating func next() -> Operation? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                defer { produced += 1 }
                return definition.operation(produced, from: &source)
            }
        }
    }

    /// The seeded notes split into one contiguous range per client: the notes it may write.
    static func ownRanges(clients: Int) -> [ClosedRange<Int64>] {
        let total = Int64(seededNoteCount)
        let size = max(1, total / Int64(clients))
        return (0..<Int64(clients)).map { client in
            let lower = min(total, client * size + 1)
            let upper = client == Int64(clients) - 1 ? total : min(total, lower + size - 1)
            return lower...max(lower, upper)
        }
    }
}

// MARK: - OperationSource

/// What a scenario's generator draws one client's operations from: the client's random
/// numbers, the shared text of new notes, and the notes the client may write. The same
/// draws in the same order always give the same operations.
public struct OperationSource: Sendable {
    private var random: SplitMix64
    private var text: TextGenerator
    /// The notes the client may write: its own range of the seeded notes.
    private let own: ClosedRange<Int64>
    /// The identifier of the next note the client imports.
    private var nextImportedID: Int64
    /// The titles each list read returns (``ScenarioPlan/listTitles``).
    let listTitles: Int

    init(
        random: SplitMix64, text: TextGenerator, own: ClosedRange<Int64>, nextImportedID: Int64,
        listTitles: Int = ScenarioPlan.standardListTitles
    ) {
        self.random = random
        self.text = text
        self.own = own
        self.nextImportedID = nextImportedID
        self.listTitles = listTitles
    }

    /// The source of a lone client of a plan with `seed`.
    init(seed: UInt64) {
        self.init(
            random: SplitMix64(seed: seed), text: TextGenerator(seed: seed),
            own: 1...Int64(ScenarioPlan.seededNoteCount), nextImportedID: Int64(ScenarioPlan.seededNoteCount + 1)
        )
    }

    /// Any seeded note: reads may share notes with other clients.
    mutating func seededNote() -> NoteID {
        NoteID(random.next(in: 1...Int64(ScenarioPlan.seededNoteCount)))
    }

    /// One of the client's own notes: writes never touch another client's.
    mutating func ownNote() -> NoteID {
        NoteID(random.next(in: own))
    }

    /// A note in `range`, which the scenario keeps to one client.
    mutating func note(in range: ClosedRange<Int64>) -> NoteID {
        NoteID(random.next(in: range))
    }

    /// A number in `range`, for a scenario's own choices.
    mutating func number(in range: ClosedRange<Int64>) -> Int64 {
        random.next(in: range)
    }

    /// A new body and a later modification date.
    mutating func edit() -> NoteEdit {
        text.edit(&random)
    }

    /// `count` new notes, numbered on from the client's last import.
    mutating func newNotes(_ count: Int) -> NoteBatch {
        let ids = nextImportedID..<(nextImportedID + Int64(count))
        nextImportedID += Int64(count)
        return NoteBatch(notes: ids.map { text.note(id: NoteID($0)) })
    }
}

// MARK: - SplitMix64

/// A small, fast, seeded random number generator with a fixed algorithm (SplitMix64), so a
/// plan is the same on every machine and every Swift version.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range`, by multiply-shift (its tiny bias is fixed, so it does not matter).
    /// Jumps over the next `count` values in constant time: the state only ever advances by
    /// the same constant.
    mutating func skip(_ count: Int) {
        state &+= 0x9E37_79B9_7F4A_7C15 &* UInt64(count)
    }

    public mutating func next(in range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int64(next().multipliedFullWidth(by: width).high)
    }
}

// MARK: - TextGenerator

/// Deterministic titles, bodies and dates for generated notes.
struct TextGenerator: Sendable {
    private var random: SplitMix64
    private static let titleWords = 3
    private static let bodyWords = 24
    /// Values `note(id:)` draws: its folder, then one per word. Always the same number, so a
    /// client can start where the clients before it left off without generating their notes.
    private static let drawsPerNote = 1 + titleWords + bodyWords
    private static let words = [
        "actor", "queue", "context", "executor", "snapshot", "identifier", "fault", "closure",
        "isolation", "transaction", "folder", "journal", "wake-up", "hop", "perform", "model",
    ]
    /// 2023-11-14T22:13:20Z: whole seconds, so dates survive SQLite's REAL exactly.
    private static let epoch: Int64 = 1_700_000_000

    init(seed: UInt64) { random = SplitMix64(seed: seed ^ 0x5EED) }

    mutating func note(id: NoteID) -> NoteSnapshot {
        let folder = FolderID(random.next(in: 1...Int64(ScenarioPlan.folderCount)))
        let created = Date(timeIntervalSince1970: TimeInterval(Self.epoch + id.rawValue * 60))
        return NoteSnapshot(
            id: id, folder: folder, title: "Note \(id.rawValue): \(phrase(words: Self.titleWords))",
            body: phrase(words: Self.bodyWords), created: created, modified: created
        )
    }

    /// Moves on as if `notes` notes had been generated.
    mutating func skip(notes: Int) {
        random.skip(notes * Self.drawsPerNote)
    }

    func edit(_ clientRandom: inout SplitMix64) -> NoteEdit {
        NoteEdit(body: phrase(words: 12, using: &clientRandom), modifiedAdvance: Int(clientRandom.next(in: 1...3600)))
    }

    private mutating func phrase(words count: Int) -> String {
        phrase(words: count, using: &random)
    }

    private func phrase(words count: Int, using random: inout SplitMix64) -> String {
        (0..<count).map { _ in Self.words[Int(random.next(in: 0...Int64(Self.words.count - 1)))] }
            .joined(separator: " ")
    }
}
