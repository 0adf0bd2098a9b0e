// MARK: - Temporary and permanent identifiers

extension NoteContext {
    /// Gives every note of `notes` that has a temporary identifier its permanent one now,
    /// before the save: `NSManagedObjectContext.obtainPermanentIDs(for:)`.
    ///
    /// A note inserted without an identifier has a temporary one that only this context
    /// knows; another context that looks it up gets `NoteStoreError.temporaryID`. Call this
    /// before handing the identifier to another context: the permanent identifier stays the
    /// note's through the save, and finds the note in every context once it is saved. The
    /// save calls it for every inserted note anyway, so most code never needs to.
    /// - Parameter notes: Notes of this context; those with a permanent identifier already
    ///   keep it.
    // snippet: obtain-permanent-ids
    public func obtainPermanentIDs(for notes: [Note]) {
        assertOnQueue("NoteContext.obtainPermanentIDs(for:)")
        for note in notes where note.id.isTemporaryID {
            precondition(note.context === self, "\(note.id) belongs to context '\(note.context.name)', not '\(name)'")
            let temporary = note.id
            let permanent = container.makeNoteID()
            note.id = permanent
            // The note changes key in the identity map and the pending inserts; the
            // temporary identifier finds nothing from now on, as in Core Data.
            registeredNotes[temporary] = nil
            registeredNotes[permanent] = WeakNote(note)
            if insertedNotes.removeValue(forKey: temporary) != nil {
                insertedNotes[permanent] = note
                if let index = insertionOrder.firstIndex(of: temporary) { insertionOrder[index] = permanent }
                temporaryInsertions -= 1
            }
        }
    }
    // snippet: end
}
