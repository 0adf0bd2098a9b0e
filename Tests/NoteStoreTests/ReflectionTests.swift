import NoteStore
import Testing

/// Reflection shows a note's identity and a context's name, never a value: values are read
/// through the properties, which check the queue.
@Suite("Reflection shows no values")
struct ReflectionTests {
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
}
