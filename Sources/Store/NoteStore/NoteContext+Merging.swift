// MARK: - Merging other contexts' saves

extension NoteContext {
    /// Whether the context merges every other context's saves on its own, as they happen:
    /// Core Data's `automaticallyMergesChangesFromParent`. Each save then schedules a job
    /// on this context's queue that calls ``mergeChanges(from:)``. Off by default.
    public var automaticallyMergesChanges: Bool {
        get {
            assertOnQueue("NoteContext.automaticallyMergesChanges")
            return mergeInbox != nil
        }
        set {
            assertOnQueue("NoteContext.automaticallyMergesChanges")
            guard newValue != (mergeInbox != nil) else { return }
            let owner = ObjectIdentifier(self)
            if newValue {
                let inbox = MergeInbox(context: self)
                mergeInbox = inbox
                container.mergeInboxes.withLock { $0[owner] = inbox }
            } else {
                mergeInbox = nil
                container.mergeInboxes.withLock { $0[owner] = nil }
            }
        }
    }

    /// Brings the context's registered objects up to date with a save made elsewhere:
    /// `mergeChanges(fromContextDidSave:)`.
    ///
    /// - A deleted note leaves the identity map and its object reports ``Note/isDeleted``.
    /// - An updated note that this context holds loaded reads its saved values again; one
    ///   with unsaved edits here keeps them. The object stays the same object.
    /// - An inserted note needs nothing: fetches and counts read the database.
    ///
    /// Objects the save did not touch are left as they are.
    /// - Parameter changes: What another context's save changed, as its ``save()`` returned it.
    // snippet: merge-changes
    public func mergeChanges(from changes: NoteChanges) {
        assertOnQueue("NoteContext.mergeChanges(from:)")
        for id in changes.deleted {
            updatedNotes[id] = nil
            deletedNotes[id] = nil
            if let note = registeredNotes.removeValue(forKey: id)?.note { note.isDeleted = true }
        }
        for id in changes.updated {
            guard let note = registeredNotes[id]?.note, note.storage != nil else { continue }
            guard let values = try? fetchValues(of: id) else { continue }
            note.committed = values
            if updatedNotes[id] == nil { note.storage = values }
        }
    }
    // snippet: end

    /// Merges at once every save that ``automaticallyMergesChanges`` has received and not
    /// merged yet, instead of waiting for the job each save scheduled. A read that must
    /// reflect the saves that happened before it calls this first.
    public func mergePendingChanges() {
        assertOnQueue("NoteContext.mergePendingChanges()")
        guard let mergeInbox else { return }
        for changes in mergeInbox.takeAll() {
            // A merge on the main queue holds the interface: the container times each one.
            guard queue.isMain else {
                mergeChanges(from: changes)
                continue
            }
            let started = ContinuousClock.now
            mergeChanges(from: changes)
            container.mergedOnTheMainQueue(in: ContinuousClock.now - started)
        }
    }
}
