import NoteStore

// MARK: - IndexedImporting

/// What exercise 14 asks of the learner's actor: import batches and index their titles, on
/// an executor built on its context's queue.
public protocol IndexedImporting: Actor {
    init(container: NoteContainer) throws
    func importBatch(_ batch: NoteBatch) async throws
    /// Titles the importer's index holds.
    func indexedCount() async -> Int
}
