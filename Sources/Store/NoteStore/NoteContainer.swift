#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Support
import Synchronization

// MARK: - NoteContainer

/// The database and its schema: the `NSPersistentContainer` or `ModelContainer` of the lab.
///
/// A container is `Sendable` and cheap to share. It makes contexts; each context has its
/// own connection and queue, and what one context saves is visible to the others.
public final class NoteContainer: Sendable {
    /// Where the container keeps its data.
    public enum Location: Sendable, Equatable {
        /// A SQLite file, created when missing.
        case file(String)
        /// A private in-memory database that lives as long as the container.
        case inMemory
    }

    /// Options fixed when the container opens.
    public struct Options: Sendable {
        /// Traps any use of a context or its objects off the context's queue (lesson 2);
        /// the lab's `com.apple.CoreData.ConcurrencyDebug 1`.
        public var concurrencyDebug: Bool

        /// Makes a context created on the main actor, with no queue given, run on the main
        /// queue, as SwiftData binds a `ModelContext` to the thread that creates it: a
        /// `@ModelActor` made from main-actor code then runs all its work on the main actor.
        /// Off unless set, so that every context gets its own queue.
        public var bindsMainActorContextsToMainQueue: Bool

        /// The most readers the container's reader pool opens (``NoteContainer/readerPool``):
        /// at most this many reads run at once, the others wait for a free reader. At least
        /// 1; ``NoteReaderPool/defaultMaximumReaderCount`` unless set.
        public var maximumReaderCount = NoteReaderPool.defaultMaximumReaderCount

        /// `concurrencyDebug` is on when `NOTESTORE_CONCURRENCY_DEBUG` is `1`, unless set.
        /// - Parameters:
        ///   - concurrencyDebug: Whether a use of a context off its queue stops the process;
        ///     nil asks the environment variable.
        ///   - bindsMainActorContextsToMainQueue: Whether a context made on the main actor
        ///     without a queue runs on the main queue.
        public init(concurrencyDebug: Bool? = nil, bindsMainActorContextsToMainQueue: Bool = false) {
            self.concurrencyDebug = concurrencyDebug ?? ConcurrencyDebug.isEnabledByEnvironment
            self.bindsMainActorContextsToMainQueue = bindsMainActorContextsToMainQueue
        }
    }

    public let options: Options
    package let connectionLocation: SQLiteConnection.Location
    /// Keeps an in-memory database alive while contexts come and go; nil for files.
    private let anchor: Mutex<SQLiteConnection?>
    /// The database's journal mode when the container opened it: `wal` for a file (every
    /// read-write connection of the store asks for it), `memory` for an in-memory one.
    package let journalMode: String
    /// The reader pool, made on first use; nil until then.
    let readerPoolStorage = Mutex<NoteReaderPool?>(nil)
    private let lastNoteID: Atomic<Int64>
    /// The last temporary identifier handed out, counting down from -1.
    private let lastTemporaryNoteID = Atomic<Int64>(0)
    /// The contexts that merge every other context's saves: see `NoteContext.automaticallyMergesChanges`.
    let mergeInboxes = Mutex<[ObjectIdentifier: MergeInbox]>([:])
    /// The view context, made on first use; read and written only by `viewContext`, which
    /// is `@MainActor`, so by one thread at a time.
    nonisolated(unsafe) var viewContextStorage: NoteContext?

    private let rowReads = Atomic<Int>(0)
    /// Merges made on the main queue: see `mainQueueMerges`.
    let mainQueueMergeCount = Atomic<Int>(0)
    let mainQueueMergeNanoseconds = Atomic<Int>(0)
    let longestMainQueueMergeNanoseconds = Atomic<Int>(0)
    private let rowsFetched = Atomic<Int>(0)
    /// Reads that fail on purpose, by note: see ``failReads(of:with:)``.
    let injectedReadFailures = LockedValue<[NoteID: NoteStoreError]>([:])
    /// Saves that fail on purpose: see ``failSaves(_:)``.
    let injectedSaveFailure = LockedValue<SaveFailure?>(nil)
    /// Whether a failure was ever injected: the one load the store's hot paths pay.
    let hasInjectedFailures = Atomic<Bool>(false)

    /// Opens the database, creating the file and the schema when missing.
    /// - Parameters:
    ///   - location: The file to open, or a new in-memory database of this container's own.
    ///   - options: What stays fixed while the container is open.
    /// - Throws: `NoteStoreError.notADatabase` for a file that is not a SQLite database,
    ///   `.cannotOpen` for a path that cannot be created or written; `.busy` when another
    ///   connection holds the file locked past the busy timeout.
    public init(location: Location, options: Options = Options()) throws(NoteStoreError) {
        self.options = options
        switch location {
        case .file(let path): connectionLocation = .file(path)
        case .inMemory: connectionLocation = .memory(name: "notestore-\(UUID().uuidString)")
        }
        let setup = try SQLiteConnection(location: connectionLocation)
        do {
            try setup.execute(NoteSchema.create)
        } catch {
            if case .file(let path) = location, error.isNotADatabase { throw .notADatabase(path: path) }
            if case .file(let path) = location, case .sqlite(_, let message) = error {
                throw .cannotOpen(path: path, reason: message)
            }
            throw error
        }
        let maxID = try setup.statement("SELECT coalesce(max(id), 0) FROM note").firstRow { $0.int64(0) }
        lastNoteID = Atomic(maxID ?? 0)
        journalMode = try setup.statement("PRAGMA journal_mode").firstRow { $0.string(0).lowercased() } ?? ""
        if case .inMemory = location {
            anchor = Mutex(setup)
        } else {
            setup.close()
            anchor = Mutex(nil)
        }
        StoreAudit.containerOpened()
    }

    /// A human-readable description of where the data lives.
    public var locationDescription: String { connectionLocation.description }

    /// Makes a context with its own connection. Without `queue`, the context gets a new
    /// private serial queue; pass one to confine several contexts to one queue (a global
    /// actor's executor does this). With ``Options/bindsMainActorContextsToMainQueue`` on, a
    /// context made on the main actor without `queue` gets ``ContextQueue/main`` instead.
    /// - Parameters:
    ///   - name: The context's name, shown in traps and in its own queue's label.
    ///   - queue: The queue to confine the context to; nil for a new queue of its own.
    /// - Returns: A new context, with a connection of its own to the database.
    /// - Throws: `NoteStoreError.cannotOpen`, `.notADatabase` or `.busy` when the new
    ///   connection cannot open the database.
    public func newContext(name: String = "context", queue: ContextQueue? = nil) throws(NoteStoreError) -> NoteContext {
        try newContext(name: name, queue: queue, ownedByContainer: false)
    }

    /// ``newContext(name:queue:)``, for a context the container itself keeps when
    /// `ownedByContainer` (the view context), which then refers back to it unowned.
    func newContext(name: String, queue: ContextQueue?, ownedByContainer: Bool) throws(NoteStoreError) -> NoteContext {
        let connection = try SQLiteConnection(location: connectionLocation)
        // snippet: bind-to-main
        let boundToMain = options.bindsMainActorContextsToMainQueue && ContextQueue.main.isCurrent
        return NoteContext(
            name: name,
            container: self,
            connection: connection,
            queue: queue ?? (boundToMain ? .main : ContextQueue(label: "notestore.\(name)")),
            ownedByContainer: ownedByContainer
        )
        // snippet: end
    }

    /// A read-only context for the reader pool, named `name`, on the reader's own queue,
    /// with its own read-only connection. The container holds the pool, so the context
    /// refers back to it unowned, as the view context does.
    func newReaderContext(name: String, queue: ContextQueue) throws(NoteStoreError) -> NoteContext {
        let connection = try SQLiteConnection(location: connectionLocation, readOnly: true)
        return NoteContext(
            name: name, container: self, connection: connection, queue: queue, ownedByContainer: true, readOnly: true
        )
    }

    /// A new identifier no other note of this container has used.
    /// - Returns: An identifier above every saved note's and every one a caller chose.
    public func makeNoteID() -> NoteID {
        NoteID(lastNoteID.add(1, ordering: .relaxed).newValue)
    }

    /// A new temporary identifier: negative, never a row's.
    func makeTemporaryNoteID() -> NoteID {
        NoteID(lastTemporaryNoteID.subtract(1, ordering: .relaxed).newValue)
    }

    /// Records identifiers chosen by callers so `makeNoteID()` never hands them out again.
    func noteIDUsed(_ id: NoteID) {
        lastNoteID.max(id.rawValue, ordering: .relaxed)
    }
}

// MARK: - Audit

extension NoteContainer {
    /// Notes its contexts have read from the database by identifier (a lookup that found
    /// no object in the context's identity map): each one is a `SELECT` of one row.
    package var noteRowsRead: Int { rowReads.load(ordering: .relaxed) }

    func noteRowRead() {
        rowReads.add(1, ordering: .relaxed)
    }

    /// Note rows its contexts' fetches (``NoteContext/fetch(_:)``) have read from the
    /// database: every row a fetch stepped over, whether or not its object was registered.
    package var noteRowsFetched: Int { rowsFetched.load(ordering: .relaxed) }

    func noteRowsFetched(_ rows: Int) {
        rowsFetched.add(rows, ordering: .relaxed)
    }
}
