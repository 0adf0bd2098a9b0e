// MARK: - The row cache

/// Where a context keeps its notes' values: a ``Note`` holds its identity and a slot here.
///
/// Every read or write of a value goes through this one place, which checks that the
/// caller is on the context's queue, whatever route the caller took to the object. This
/// is the lab's design, not a description of Core Data's internals: Apple documents only
/// that `NSManagedObject` "uses an internal storage mechanism for data that is highly
/// optimized" (Core Data Programming Guide, "Performance") and that a fault's "persistent
/// variables are not yet initialized" ("Faulting and Uniquing"); where that storage lives
/// is not documented.
extension NoteContext {
    /// A note's entry in the row cache.
    typealias RowSlot = Int

    /// The values of one note, and the note they belong to.
    struct Row {
        /// Weak: the row goes when its note does (at the next pruning).
        weak var owner: Note?
        var storage: Note.Values?
        var committed: Note.Values?
    }

    /// A slot for a new note, never used before in this context: a slot is not reused by
    /// another note, even one made at the same address.
    func newRowSlot() -> RowSlot {
        assertOnQueue("a new note's values")
        rowCache.nextSlot += 1
        return rowCache.nextSlot
    }

    func setRow(_ row: Row, at slot: RowSlot) {
        rowCache.rows[slot] = row
        if rowCache.rows.count > rowCache.pruneThreshold {
            // The notes of clean rows are held by their users alone: drop the rows of the ones gone.
            rowCache.rows = rowCache.rows.filter { $0.value.owner != nil }
            rowCache.pruneThreshold = max(1_024, rowCache.rows.count * 2)
        }
    }

    /// The row of `note`, checked: the caller must be on the context's queue.
    func row(at slot: RowSlot, of note: Note) -> Row {
        assertOnQueue("the values of \(note.id)")
        return rowCache.rows[slot] ?? Row(owner: note)
    }

    func updateRow(at slot: RowSlot, of note: Note, _ change: (inout Row) -> Void) {
        assertOnQueue("the values of \(note.id)")
        change(&rowCache.rows[slot, default: Row(owner: note)])
    }

    /// The rows of a context, and the next slot.
    struct RowCache {
        var rows: [RowSlot: Row] = [:]
        var nextSlot: RowSlot = 0
        var pruneThreshold = 1_024
    }
}

// MARK: - CustomReflectable

extension NoteContext: CustomReflectable {
    /// The context's name and queue: its rows are read on its queue, through its notes.
    public var customMirror: Mirror {
        Mirror(self, children: ["name": name, "queue": queue.label], displayStyle: .class)
    }
}
