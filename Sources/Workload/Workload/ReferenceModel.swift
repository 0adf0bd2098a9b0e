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
            for operation in operations {
                do throws(NoteStoreError) {
                    try operation.apply(to: &model, reads: &clientReads)
                } catch {
                    preconditionFailure("the reference model refused an operation of the plan: \(error)")
                }
            }
            reads.combine(clientReads)
        }
        return Outcome(checksum: model.checksum, reads: reads, noteCount: model.count())
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

    // MARK: Answering the repository's calls

    /// Writes the batch's folders and notes, replacing any with the same identifiers.
    public mutating func apply(_ batch: NoteBatch) {
        for folder in batch.folders { folders[folder.id] = folder }
        for note in batch.notes { notes[note.id] = note }
    }

    /// Writes the batch all or nothing, as a transaction does: a note whose identifier is
    /// taken, in the model or twice in the batch, fails the whole batch.
    public mutating func importBatch(_ batch: NoteBatch) throws(NoteStoreError) {
        let ids = batch.notes.map(\.id)
        guard Set(ids).count == ids.count, ids.allSatisfy({ notes[$0] == nil }) else {
            throw .constraintViolation("a note identifier is already used")
        }
        apply(batch)
    }

    public func snapshot(of id: NoteID) throws(NoteStoreError) -> NoteSnapshot {
        guard let note = notes[id] else { throw .notFound("\(id)") }
        return note
    }

    public mutating func update(_ id: NoteID, with edit: NoteEdit) throws(NoteStoreError) {
        var note = try snapshot(of: id)
        note.body = edit.body
        note.modified = edit.applied(toModified: note.modified)
        notes[id] = note
    }

    public func title(of id: NoteID) throws(NoteStoreError) -> String { try snapshot(of: id).title }

    public func body(of id: NoteID) throws(NoteStoreError) -> String { try snapshot(of: id).body }

    public func folderName(of id: NoteID) throws(NoteStoreError) -> String {
        let folder = try snapshot(of: id).folder
        guard let name = folders[folder]?.name else { throw .notFound("\(folder)") }
        return name
    }

    public func modified(of id: NoteID) throws(NoteStoreError) -> Date { try snapshot(of: id).modified }

    public func listScreen(titles: Int) -> ListScreen {
        ListScreen(count: count(), titles: notes.values.sorted { $0.id < $1.id }.prefix(titles).map(\.title))
    }

    public func count() -> Int { notes.count }

    /// The checksum of the model's contents, computed as a database's is.
    public var checksum: Checksum {
        .contents(
            folders: folders.values.sorted { $0.id < $1.id },
            notes: notes.values.sorted { $0.id < $1.id }
        )
    }
}

// MARK: - ReferenceRepository

/// The reference model as a repository: an actor that answers every call from a
/// ``ReferenceModel``, with the code ``ReferenceModel/expectedOutcome(of:)`` computes with,
/// and no SQLite and no store. The runner, the list and the test doubles are tested on it.
package actor ReferenceRepository: NoteRepository {
    private var model = ReferenceModel()

    package init() {}

    package func importBatch(_ batch: NoteBatch) throws { try model.importBatch(batch) }

    package func snapshot(of id: NoteID) throws -> NoteSnapshot { try model.snapshot(of: id) }

    package func update(_ id: NoteID, with edit: NoteEdit) throws { try model.update(id, with: edit) }

    package func title(of id: NoteID) throws -> String { try model.title(of: id) }

    package func body(of id: NoteID) throws -> String { try model.body(of: id) }

    package func folderName(of id: NoteID) throws -> String { try model.folderName(of: id) }

    package func modified(of id: NoteID) throws -> Date { try model.modified(of: id) }

    package func listScreen(titles: Int) -> ListScreen { model.listScreen(titles: titles) }

    package func count() -> Int { model.count() }

    package func checksum() -> Checksum { model.checksum }

    package func close() {}
}
