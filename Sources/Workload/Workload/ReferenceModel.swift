import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - ReferenceModel

/// The workload applied to plain Swift values, with no SQLite and no concurrency: what
/// every row's database and reads must end up as.
public struct ReferenceModel: Sendable {
    public private(set) var folders: [FolderID: FolderSnapshot] = [:]
    public private(set) var notes: [NoteID: NoteSnapshot] = [:]

    public init() {}

    /// The expected outcome of `plan`: the database checksum and the digest of every read.
    public static func expectedOutcome(of plan: ScenarioPlan) -> Outcome {
        var model = ReferenceModel()
        for batch in plan.setup { model.apply(batch) }
        if plan.scenario == .importBatch { return model.expectedImport(plan) }
        var reads = Checksum()
        for operations in plan.clients {
            var clientReads = Checksum()
            for operation in operations { model.apply(operation, reads: &clientReads) }
            reads.combine(clientReads)
        }
        return Outcome(checksum: model.checksum, reads: reads, noteCount: model.notes.count)
    }

    /// The import scenario's outcome without holding its notes: they are only inserted, each
    /// batch after every note before it, so they reach the checksum in identifier order as
    /// they are generated, and their count is known up front.
    private func expectedImport(_ plan: ScenarioPlan) -> Outcome {
        var digest = ContentsDigest(
            folders: folders.values.sorted { $0.id < $1.id },
            noteCount: notes.count + plan.operationCount * Scenario.batchSize
        )
        var last = NoteID(0)
        for note in notes.values.sorted(by: { $0.id < $1.id }) {
            digest.add(note)
            last = note.id
        }
        var reads = Checksum()
        for operations in plan.clients {
            for case .importBatch(let batch) in operations {
                precondition(batch.folders.isEmpty && batch.notes.count == Scenario.batchSize, "an import batch is 100 notes")
                for note in batch.notes {
                    precondition(note.id > last, "imported notes come in identifier order")
                    digest.add(note)
                    last = note.id
                }
            }
            reads.combine(Checksum())  // an import reads nothing
        }
        return Outcome(checksum: digest.checksum, reads: reads, noteCount: notes.count + plan.operationCount * Scenario.batchSize)
    }

    /// What a run produced, or must produce: compared field by field.
    public struct Outcome: Sendable, Equatable, Codable {
        /// The checksum of the database contents.
        public var checksum: Checksum
        /// The digest of every value read, per client in operation order, clients in order.
        public var reads: Checksum
        public var noteCount: Int

        public init(checksum: Checksum, reads: Checksum, noteCount: Int) {
            self.checksum = checksum
            self.reads = reads
            self.noteCount = noteCount
        }
    }

    // MARK: Applying operations

    public mutating func apply(_ batch: NoteBatch) {
        for folder in batch.folders { folders[folder.id] = folder }
        for note in batch.notes { notes[note.id] = note }
    }

    mutating func apply(_ operation: ScenarioPlan.Operation, reads: inout Checksum) {
        switch operation {
        case .importBatch(let batch):
            apply(batch)
        case .pointRead(let id):
            reads.combine(notes[id]!)
        case .update(let id, let edit):
            notes[id]!.body = edit.body
            notes[id]!.modified = edit.applied(toModified: notes[id]!.modified)
        case .chatty(let id):
            let note = notes[id]!
            reads.combineChattyRead(
                title: note.title, body: note.body, folderName: folders[note.folder]!.name, modified: note.modified
            )
        case .sync(let write):
            apply(write, reads: &reads)
            // The reader's digest is one value of the client's, as the runner combines it.
            var view = Checksum()
            view.combineSyncView(count: notes.count, shown: ScenarioPlan.syncShownNotes.map { notes[NoteID($0)]! })
            reads.combine(view)
        }
    }

    /// The checksum of the model's contents, computed as a database's is.
    public var checksum: Checksum {
        .contents(
            folders: folders.values.sorted { $0.id < $1.id },
            notes: notes.values.sorted { $0.id < $1.id }
        )
    }
}

extension Checksum {
    /// The digest of what the sync scenario's reader shows after one save.
    mutating func combineSyncView(count: Int, shown: [NoteSnapshot]) {
        combine(Int64(count))
        for note in shown { combine(note) }
    }

    /// The digest of the four values one chatty operation reads.
    mutating func combineChattyRead(title: String, body: String, folderName: String, modified: Date) {
        combine(title)
        combine(body)
        combine(folderName)
        combine(modified)
    }
}
