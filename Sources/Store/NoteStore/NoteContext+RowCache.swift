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
        /// Weak: once its note is gone, the slot is free for another note.
        weak var owner: Note?
        var storage: Note.Values?
        var committed: Note.Values?
        /// False for a slot on the free list.
        var inUse = true

        /// Frees the row when its note is gone, in place: reading `rows[slot].owner` would
        /// copy the whole row (the weak reference and both values' strings) to test it.
        /// - Returns: Whether it freed the row.
        mutating func freeIfOwnerIsGone() -> Bool {
            guard inUse, owner == nil else { return false }
            self = Row(owner: nil, storage: nil, committed: nil, inUse: false)
            return true
        }
    }

    /// The rows of a context, in slots that are used again once their note is gone, so
    /// the table stays the size of the notes alive at once, not of every note ever made.
    struct RowCache {
        var rows: [Row] = []
        var freeSlots: [RowSlot] = []
        var sweepPosition = 0

        /// Takes a slot for `row`: a free one, or a new one at the end.
        mutating func insert(_ row: Row) -> RowSlot {
            sweep(2)
            if let slot = freeSlots.popLast() {
                rows[slot] = row
                return slot
            }
            rows.append(row)
            return rows.count - 1
        }

        /// Looks at the next `count` slots and frees those whose note is gone: two for every
        /// new note is enough to find every dead row before the table doubles.
        private mutating func sweep(_ count: Int) {
            guard !rows.isEmpty else { return }
            for _ in 0..<count {
                sweepPosition = sweepPosition + 1 < rows.count ? sweepPosition + 1 : 0
                if rows[sweepPosition].freeIfOwnerIsGone() { freeSlots.append(sweepPosition) }
            }
        }
    }

    /// How many slots the row cache holds, in use or free: it follows the number of notes
    /// alive at once.
    package var rowSlotCount: Int {
        assertOnQueue("NoteContext.rowSlotCount")
        return rowCache.rows.count
    }

    /// How many notes the identity map has room for without growing: a reader of the pool
    /// keeps it between reads (``NoteContext/roomKeptAfterRead``).
    package var registeredNoteCapacity: Int {
        assertOnQueue("NoteContext.registeredNoteCapacity")
        return registeredNotes.capacity
    }

    func newRow(for note: Note, storage: Note.Values?, committed: Note.Values?) -> RowSlot {
        assertOnQueue("a new note's values")
        return rowCache.insert(Row(owner: note, storage: storage, committed: committed))
    }

    /// The current values of `note`, checked: the caller must be on the context's queue.
    func storage(at slot: RowSlot, of note: Note) -> Note.Values? {
        assertOnQueue("the values of \(note.id)")
        return rowCache.rows[slot].storage
    }

    /// The values of `note` as last read from or written to the database, checked.
    func committed(at slot: RowSlot, of note: Note) -> Note.Values? {
        assertOnQueue("the values of \(note.id)")
        return rowCache.rows[slot].committed
    }

    func updateRow(at slot: RowSlot, of note: Note, _ change: (inout Row) -> Void) {
        assertOnQueue("the values of \(note.id)")
        change(&rowCache.rows[slot])
    }
}
