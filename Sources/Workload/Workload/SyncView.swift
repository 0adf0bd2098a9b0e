import NoteStore

// MARK: - SyncView

/// The sync scenario's reader: a list on the main actor that shows the number of notes and
/// the notes ``ScenarioPlan/syncShownNotes``, brought up to date after every save.
///
/// On a row built on the lab's store (one that names its ``NoteRepository/storeContainer``),
/// the list is a view context on the main queue that merges every save automatically and
/// holds the shown notes, as a screen holds its fetched objects: after a save it refreshes
/// only the notes the save changed. Any other row has no change notifications to merge, so
/// the list fetches the count and every shown note again through the repository.
@MainActor
public final class SyncView {
    private let repository: any NoteRepository
    private let context: NoteContext?
    /// Held strongly: the identity map keeps clean objects only while someone uses them.
    private var shown: [Note] = []

    public init(repository: any NoteRepository) throws {
        self.repository = repository
        if let container = repository.storeContainer {
            let context = try container.newContext(name: "sync-view", queue: .main)
            context.automaticallyMergesChanges = true
            self.context = context
        } else {
            context = nil
        }
    }

    /// A view for `operations` when they are the sync scenario's, else nil. Nonisolated,
    /// so that the other scenarios never hop to the main actor for it.
    @usableFromInline
    nonisolated static func open(for operations: [ScenarioPlan.Operation], on repository: any NoteRepository) async throws -> SyncView? {
        guard case .sync = operations.first else { return nil }
        return try await SyncView(repository: repository)
    }

    /// The digest of what the list shows now.
    public func read() async throws -> Checksum {
        var reads = Checksum()
        let ids = ScenarioPlan.syncShownNotes.map { NoteID($0) }
        if let context {
            // The save has scheduled its merge on the main queue already; merging here
            // makes the read independent of when that job runs.
            context.mergePendingChanges()
            if shown.isEmpty { shown = try ids.map { id throws(NoteStoreError) in try context.existingObject(with: id) } }
            reads.combineSyncView(count: try context.fetchCount(), shown: shown.map(\.snapshot))
        } else {
            let count = try await repository.count()
            var notes: [NoteSnapshot] = []
            for id in ids { notes.append(try await repository.snapshot(of: id)) }
            reads.combineSyncView(count: count, shown: notes)
        }
        return reads
    }

    /// Closes the view context's connection.
    public func close() {
        shown.removeAll()
        context?.close()
    }
}
