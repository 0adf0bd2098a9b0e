// MARK: - NoteChanges

/// What one save wrote: the identifiers of the notes it inserted, updated and deleted.
///
/// The `userInfo` of Core Data's `NSManagedObjectContextDidSave` notification (its
/// `NSInsertedObjectIDsKey`, `NSUpdatedObjectIDsKey` and `NSDeletedObjectIDsKey`), and
/// SwiftData's `ModelContext.didSave`. `Sendable`: it carries identifiers, never objects,
/// so it may go to a context on another queue, which merges it with
/// ``NoteContext/mergeChanges(from:)``.
public struct NoteChanges: Sendable, Equatable {
    /// The context that saved.
    public var source: String
    public var inserted: Set<NoteID>
    public var updated: Set<NoteID>
    public var deleted: Set<NoteID>

    public init(source: String, inserted: Set<NoteID> = [], updated: Set<NoteID> = [], deleted: Set<NoteID> = []) {
        self.source = source
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
    }

    /// Whether the save changed no note (it may have inserted folders).
    public var isEmpty: Bool { inserted.isEmpty && updated.isEmpty && deleted.isEmpty }
}
