import NoteStore

// MARK: - The workload's operations on a context

/// The store-level steps of the workload, shared by every row built on `NoteContext`, so
/// the pattern files differ only in how they reach the context. Each runs synchronously
/// and must be called on the context's queue.
extension NoteContext {
    /// Inserts the batch's missing folders and its notes, and saves them in one transaction.
    /// On failure nothing is written and the context is rolled back; so too when the
    /// calling task was cancelled before the save (``NoteStoreError/cancelled``). A row
    /// whose call runs as a queue job, outside the task, sees no cancellation: its batch
    /// is written whole.
    public func importBatch(_ batch: NoteBatch) throws(NoteStoreError) {
        do throws(NoteStoreError) {
            for folder in batch.folders { insertFolder(id: folder.id, name: folder.name) }
            for note in batch.notes {
                insertNote(
                    id: note.id, title: note.title, body: note.body,
                    folder: try existingFolder(with: note.folder), created: note.created, modified: note.modified
                )
            }
            // Once per batch: a cancelled caller is told so, and its batch goes nowhere.
            if Task.isCancelled { throw .cancelled }
            try save()
        } catch {
            rollback()
            throw error
        }
    }

    /// The count and the first `titles` titles by identifier, in one job of the context,
    /// with the time the job spent on them (``ListScreen/storeWork``).
    public func listScreen(titles: Int) throws(NoteStoreError) -> ListScreen {
        let clock = ContinuousClock()
        let started = clock.now
        let first = try fetch(NoteFetchDescriptor(sortBy: .id, fetchLimit: titles))
        let count = try fetchCount()
        return ListScreen(count: count, titles: first.map(\.title), storeWork: clock.now - started)
    }

    /// Reads the note, applies the edit to what was read, and saves.
    public func apply(_ edit: NoteEdit, to id: NoteID) throws(NoteStoreError) {
        let note = try existingObject(with: id)
        note.body = edit.body
        note.modified = edit.applied(toModified: note.modified)
        do {
            try save()
        } catch {
            rollback()
            throw error
        }
    }
}
