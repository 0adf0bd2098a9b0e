import NoteStore
import Testing

/// A note holds its identity; its values live in its context's row cache, reached only
/// through the context, as a managed object's are kept by its context in Core Data.
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

    @Test("A note's values outlive a reset of its context and its rows' pruning, while the note lives")
    func rowsFollowTheirNotes() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            let kept = try context.existingObject(with: NoteID(1))
            let title = kept.title
            // Enough short-lived faults to prune the rows of the notes that are gone.
            for _ in 0..<3_000 { _ = context.object(with: NoteID(2)).isFault; context.reset() }
            #expect(kept.title == title)
            kept.title = "edited"
            #expect(kept.title == "edited")
        }
    }
}
