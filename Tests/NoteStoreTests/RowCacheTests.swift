import NoteStore
import Testing

/// A note holds its identity; its values live in its context's row cache, reached only
/// through the context. Reflection shows a note's identity and a context's name, never a
/// value.
@Suite("Values live with the context")
struct RowCacheTests {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    @Test("Reflecting a loaded note finds its identifier and none of its values")
    func reflectedNote() throws {
        let context = try fixture.container.newContext()
        let (note, title) = try context.performAndWait { () throws(NoteStoreError) in
            let note = try context.existingObject(with: NoteID(1))
            return (note, note.title)
        }
        let mirror = Mirror(reflecting: note)
        #expect(mirror.children.map(\.label) == ["id"])
        #expect(mirror.descendant("storage") == nil)
        var dumped = ""
        dump(note, to: &dumped)
        #expect(!dumped.contains(title), "\(dumped)")
        withExtendedLifetime(note) {}
    }

    @Test("Reflecting a context finds its name and queue, not its notes' rows")
    func reflectedContext() throws {
        let context = try fixture.container.newContext(name: "reflected")
        let note = try context.performAndWait { () throws(NoteStoreError) in try context.existingObject(with: NoteID(2)) }
        var dumped = ""
        dump(context, to: &dumped, maxDepth: 12)
        #expect(Mirror(reflecting: context).children.map(\.label) == ["name", "queue"])
        #expect(!dumped.contains("beta"), "\(dumped)")
        withExtendedLifetime(note) {}
    }

    @Test("A note's values outlive a reset of its context and the reuse of free slots, while the note lives")
    func rowsFollowTheirNotes() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            let kept = try context.existingObject(with: NoteID(1))
            let title = kept.title
            for _ in 0..<3_000 { _ = context.object(with: NoteID(2)).isFault; context.reset() }
            #expect(kept.title == title)
            kept.title = "edited"
            #expect(kept.title == "edited")
        }
    }

    @Test("The row cache stays the size of the notes alive at once, however many were made")
    func rowsAreReused() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            var alive: [Note] = []
            for round in 0..<2_000 {
                // Eight notes alive at once, a new one each round, the oldest let go.
                alive.append(context.object(with: NoteID(Int64(1 + round % 3))))
                context.reset()
                if alive.count > 8 { alive.removeFirst() }
            }
            #expect(context.rowSlotCount <= 32, "\(context.rowSlotCount) slots for 8 live notes")
            #expect(alive.allSatisfy { $0.isFault })
        }
    }
}
