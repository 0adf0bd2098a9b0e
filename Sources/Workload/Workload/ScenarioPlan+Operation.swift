import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - Operation

extension ScenarioPlan {
    /// One measured operation.
    ///
    /// Everything an operation is lives in this file: what it carries, the repository calls
    /// it makes, how the runner makes them, how the reference model answers them, the cost
    /// probe's first call on the store, and the notes it names. A new kind of operation is a
    /// case here, and the compiler asks for it in this file's switches and nowhere else.
    public enum Operation: Sendable, Equatable {
        case importBatch(NoteBatch)
        case pointRead(NoteID)
        case update(NoteID, NoteEdit)
        case chatty(NoteID)
        /// The list-read scenario: the count and the first `titles` titles by identifier,
        /// the read of a screen's list (``NoteRepository/listScreen(titles:)``).
        case listRead(titles: Int)
        /// The sync scenario: the writer's operation (an import or an update), then the
        /// main-actor reader's view of the count and ``ScenarioPlan/syncShownNotes``.
        indirect case sync(Operation)
    }
}

// MARK: - Its calls

extension ScenarioPlan.Operation {
    /// The repository calls this operation makes, in order.
    public var calls: [RepositoryCall] {
        switch self {
        case .importBatch: [.importBatch]
        case .pointRead: [.snapshot]
        case .update: [.update]
        case .chatty: [.title, .body, .folderName, .modified]
        case .listRead: [.listScreen]
        // The reader's calls are not counted: a store row's view reads no repository.
        case .sync(let write): write.calls
        }
    }

    /// Whether the main-actor reader's view follows the writer's operation.
    var hasReader: Bool {
        if case .sync = self { true } else { false }
    }

    /// Makes the operation's calls on `repository`; what they read goes into `reads`. A sync
    /// operation's reader is `view`, or a view opened for this one operation when it is nil.
    public func perform(on repository: any NoteRepository, view: SyncView? = nil, reads: inout Checksum) async throws {
        switch self {
        case .importBatch(let batch):
            try await repository.importBatch(batch)
        case .pointRead(let id):
            reads.combine(try await repository.snapshot(of: id))
        case .update(let id, let edit):
            try await repository.update(id, with: edit)
        case .chatty(let id):
            let title = try await repository.title(of: id)
            let body = try await repository.body(of: id)
            let folderName = try await repository.folderName(of: id)
            let modified = try await repository.modified(of: id)
            reads.combineChattyRead(title: title, body: body, folderName: folderName, modified: modified)
        case .listRead(let titles):
            reads.combine(try await repository.listScreen(titles: titles))
        case .sync(let write):
            try await write.perform(on: repository, reads: &reads)
            if let view {
                reads.combine(try await view.read())
            } else {
                let view = try await SyncView(repository: repository)
                reads.combine(try await view.read())
                await view.close()
            }
        }
    }

    /// The same calls answered by `model`, with the same digest of what they read: what
    /// ``perform(on:view:reads:)`` must give on every row.
    func apply(to model: inout ReferenceModel, reads: inout Checksum) throws(NoteStoreError) {
        switch self {
        case .importBatch(let batch):
            try model.importBatch(batch)
        case .pointRead(let id):
            reads.combine(try model.snapshot(of: id))
        case .update(let id, let edit):
            try model.update(id, with: edit)
        case .chatty(let id):
            reads.combineChattyRead(
                title: try model.title(of: id), body: try model.body(of: id), folderName: try model.folderName(of: id),
                modified: try model.modified(of: id)
            )
        case .listRead(let titles):
            reads.combine(model.listScreen(titles: titles))
        case .sync(let write):
            try write.apply(to: &model, reads: &reads)
            // The reader's digest is one value of the client's, as the runner combines it.
            var view = Checksum()
            let shown = try ScenarioPlan.syncShownNotes.map { id throws(NoteStoreError) in try model.snapshot(of: NoteID(id)) }
            view.combineSyncView(count: model.count(), shown: shown)
            reads.combine(view)
        }
    }

    /// Makes the operation's first call (``calls``) on `context`, as a row built on the
    /// store does: a chatty operation's title read, the others' one call. What the cost
    /// probe sends through a queue.
    package func makeFirstCall(on context: NoteContext) throws(NoteStoreError) {
        switch self {
        case .pointRead(let id): _ = try context.existingObject(with: id).snapshot
        case .chatty(let id): _ = try context.existingObject(with: id).title
        case .update(let id, let edit): try context.apply(edit, to: id)
        case .importBatch(let batch): try context.importBatch(batch)
        case .listRead(let titles): _ = try context.listScreen(titles: titles)
        case .sync(let write): try write.makeFirstCall(on: context)  // the reader makes none
        }
    }
}

// MARK: - The notes it names

extension ScenarioPlan.Operation {
    /// The notes the operation reads (an update reads the note it edits) and those it
    /// writes: what keeps one client's writes from another's reads. A sync operation's
    /// reader shows ``ScenarioPlan/syncShownNotes``, which only its one client writes.
    package var notes: (read: [NoteID], written: [NoteID]) {
        switch self {
        case .importBatch(let batch): ([], batch.notes.map(\.id))
        case .update(let id, _): ([id], [id])
        case .pointRead(let id), .chatty(let id): ([id], [])
        case .listRead(let titles): ((1...Int64(max(1, min(titles, ScenarioPlan.seededNoteCount)))).map { NoteID($0) }, [])
        case .sync(let write): write.notes
        }
    }

    /// The batch the operation imports, if it imports one.
    package var importedBatch: NoteBatch? {
        switch self {
        case .importBatch(let batch): batch
        case .sync(let write): write.importedBatch
        case .pointRead, .update, .chatty, .listRead: nil
        }
    }

    /// The largest note or folder identifier the operation writes or names.
    package var largestIdentifier: Int64 {
        let (read, written) = notes
        return ((read + written).map(\.rawValue) + (importedBatch?.folders.map(\.id.rawValue) ?? [])).max() ?? 0
    }

    /// The same operation, its import's notes and folders moved `shift` identifiers on and
    /// its folders renamed for `trip` (a folder's name is unique); the other operations stay
    /// as they are. The cost probe sends an operation through the queue again as new notes.
    package func withIdentifiers(shiftedBy shift: Int64, trip: Int) -> Self {
        switch self {
        case .importBatch(let batch): .importBatch(batch.withIdentifiers(shiftedBy: shift, trip: trip))
        case .sync(let write): .sync(write.withIdentifiers(shiftedBy: shift, trip: trip))
        case .pointRead, .chatty, .update, .listRead: self
        }
    }
}

extension NoteBatch {
    /// The largest note or folder identifier in the batch.
    package var largestIdentifier: Int64 {
        (notes.map(\.id.rawValue) + folders.map(\.id.rawValue)).max() ?? 0
    }

    fileprivate func withIdentifiers(shiftedBy shift: Int64, trip: Int) -> NoteBatch {
        let own = Set(folders.map(\.id))
        return NoteBatch(
            folders: folders.map { FolderSnapshot(id: FolderID($0.id.rawValue + shift), name: "\($0.name) · \(trip)") },
            notes: notes.map { note in
                var note = note
                note.id = NoteID(note.id.rawValue + shift)
                if own.contains(note.folder) { note.folder = FolderID(note.folder.rawValue + shift) }
                return note
            }
        )
    }
}

// MARK: - Digests of what an operation reads

extension Checksum {
    /// The digest of what the sync scenario's reader shows after one save.
    mutating func combineSyncView(count: Int, shown: [NoteSnapshot]) {
        combine(Int64(count))
        for note in shown { combine(note) }
    }

    /// The digest of a list's count and titles.
    mutating func combine(_ screen: ListScreen) {
        combine(Int64(screen.count))
        for title in screen.titles { combine(title) }
    }

    /// The digest of the four values one chatty operation reads.
    mutating func combineChattyRead(title: String, body: String, folderName: String, modified: Date) {
        combine(title)
        combine(body)
        combine(folderName)
        combine(modified)
    }
}
