import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - NoteRepository

/// The workload's view of a database: what every pattern and baseline implements.
///
/// Everything that crosses it is `Sendable` (identifiers, snapshots, batches, edits), so
/// the same scenario runs, unchanged, through every concurrency pattern. Client tasks call
/// it concurrently; how a row makes that safe is the pattern being measured.
public protocol NoteRepository: Sendable {
    /// Inserts the batch's folders and notes in one transaction: all of them or none.
    func importBatch(_ batch: NoteBatch) async throws

    /// The saved values of one note.
    func snapshot(of id: NoteID) async throws -> NoteSnapshot

    /// Reads one note, applies `edit` to what it read, and saves, in one call.
    func update(_ id: NoteID, with edit: NoteEdit) async throws

    // MARK: Single-property reads (the chatty scenario)

    func title(of id: NoteID) async throws -> String
    func body(of id: NoteID) async throws -> String
    func folderName(of id: NoteID) async throws -> String
    func modified(of id: NoteID) async throws -> Date

    // MARK: The sync scenario

    /// The lab store's container the row writes through, or nil (the default) for a row
    /// that is not built on the store. With one, the sync scenario's main-actor reader opens
    /// a view context on it and merges each save instead of fetching again (``SyncView``).
    var storeContainer: NoteContainer? { get }

    // MARK: The ui-during-import scenario

    /// What a list screen shows, read together: the number of saved notes and the titles of
    /// the first `titles` notes by identifier. One frame of the ui-during-import scenario's
    /// main-actor reader.
    func listScreen(titles: Int) async throws -> ListScreen

    // MARK: Verification

    /// The number of saved notes.
    func count() async throws -> Int
    /// The checksum of everything saved, to compare with ``ReferenceModel``.
    func checksum() async throws -> Checksum

    /// Closes the connection and releases everything the repository holds. When it
    /// returns, the connection is closed and its memory released, so what a meter reads
    /// afterwards is what the row left behind, not a teardown still in progress.
    func close() async throws
}

// MARK: - RepositoryCall

/// The calls of ``NoteRepository`` that the workload measures: those an operation makes
/// (``ScenarioPlan/Operation/calls``). A row declares its hops per call
/// by kind (``writes``), so a new call takes its kind's count where a row says nothing else.
public enum RepositoryCall: String, CaseIterable, Sendable {
    case importBatch, snapshot, update, title, body, folderName, modified
    /// ``NoteRepository/listScreen(titles:)``: list-read's operations make it from the
    /// cooperative pool, and a scenario's list from the main actor, once per frame it renders
    /// (``ListFrameReader``).
    case listScreen

    /// Whether the call saves: an import or an update. The others read.
    public var writes: Bool {
        switch self {
        case .importBatch, .update: true
        case .snapshot, .title, .body, .folderName, .modified, .listScreen: false
        }
    }

    /// Makes this call about the saved note `note` on `repository`, throwing what it throws;
    /// false for a call that names no saved note (an import, the list). The rows' tests ask
    /// every call about a note that does not exist, and a new call is asked too.
    package func make(on repository: any NoteRepository, about note: NoteID) async throws -> Bool {
        switch self {
        case .snapshot: _ = try await repository.snapshot(of: note)
        case .update: try await repository.update(note, with: NoteEdit(body: "lost", modifiedAdvance: 1))
        case .title: _ = try await repository.title(of: note)
        case .body: _ = try await repository.body(of: note)
        case .folderName: _ = try await repository.folderName(of: note)
        case .modified: _ = try await repository.modified(of: note)
        case .importBatch, .listScreen: return false
        }
        return true
    }
}

// MARK: - NoteBatch

/// Folders and notes written together in one transaction.
public struct NoteBatch: Sendable, Equatable {
    public var folders: [FolderSnapshot]
    public var notes: [NoteSnapshot]

    public init(folders: [FolderSnapshot] = [], notes: [NoteSnapshot] = []) {
        self.folders = folders
        self.notes = notes
    }
}

// MARK: - NoteEdit

/// A read-modify-write: the new body replaces the old one, and the modification date
/// moves forward from the value read. Advancing (not setting) the date makes the edit
/// depend on what was read, and commutative, so concurrent edits end in one state.
public struct NoteEdit: Sendable, Equatable {
    public var body: String
    public var modifiedAdvance: Int

    public init(body: String, modifiedAdvance: Int) {
        self.body = body
        self.modifiedAdvance = modifiedAdvance
    }

    /// The values after the edit.
    public func applied(toModified modified: Date) -> Date {
        modified.addingTimeInterval(TimeInterval(modifiedAdvance))
    }
}

// MARK: - ListScreen

/// One frame of a list: the number of notes, and the titles of the first notes by
/// identifier (``NoteRepository/listScreen(titles:)``).
public struct ListScreen: Sendable {
    public var count: Int
    public var titles: [String]
    /// How long the store's context took for the read's fetch and count, timed around them
    /// inside the context's job; nil where no context of the lab's store made the read
    /// (raw-sqlite, mutex, grdb, grdb-pool). The rest of what the caller waited is outside
    /// it: the wait for a queue, a lock or a core, wake-ups and hops, and the job's other
    /// statements (a pool's reader begins and ends a transaction around it). Only the lab's
    /// store sets it.
    public package(set) var storeWork: Duration?

    public init(count: Int, titles: [String]) {
        self.count = count
        self.titles = titles
    }

    /// A screen with the time its context took for it (``storeWork``).
    package init(count: Int, titles: [String], storeWork: Duration?) {
        self.init(count: count, titles: titles)
        self.storeWork = storeWork
    }
}

// MARK: Equatable

extension ListScreen: Equatable {
    /// Two screens are equal when they show the same count and titles, however long each
    /// took to read.
    public static func == (lhs: ListScreen, rhs: ListScreen) -> Bool {
        lhs.count == rhs.count && lhs.titles == rhs.titles
    }
}
