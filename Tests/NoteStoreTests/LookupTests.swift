import NoteStore
import Testing

/// The three lookups by identifier keep Core Data's semantics (lesson 7).
@Suite("Looking up notes by identifier")
struct LookupTests {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    @Test("existingObject fetches an unregistered note, fulfilled")
    func existingObjectFetches() throws {
        let context = try fixture.container.newContext()
        let isFault = try context.performAndWait { () throws(NoteStoreError) in
            try context.existingObject(with: NoteID(1)).isFault
        }
        #expect(!isFault)
    }

    @Test("existingObject throws notFound for a missing row")
    func existingObjectThrows() throws {
        let context = try fixture.container.newContext()
        #expect(throws: NoteStoreError.notFound("note 42")) {
            try context.performAndWait { () throws(NoteStoreError) in _ = try context.existingObject(with: NoteID(42)) }
        }
    }

    @Test("registeredObject is nil until the note is registered, then the same object")
    func registeredObjectOnlyWhenRegistered() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            #expect(context.registeredObject(for: NoteID(1)) == nil)
            let note = try context.existingObject(with: NoteID(1))
            #expect(context.registeredObject(for: NoteID(1)) === note)
        }
    }

    @Test("object(with:) returns a fault that loads on first use")
    func objectWithReturnsFault() throws {
        let context = try fixture.container.newContext()
        context.performAndWait {
            let note = context.object(with: NoteID(2))
            #expect(note.isFault)
            #expect(note.title == "beta")
            #expect(!note.isFault)
        }
    }

    @Test("A fault whose row was deleted elsewhere fails to fulfil with faultNotFulfilled")
    func faultOfDeletedRow() throws {
        let reader = try fixture.container.newContext(name: "reader")
        let writer = try fixture.container.newContext(name: "writer")
        let fault = reader.performAndWait { reader.object(with: NoteID(3)) }
        try writer.performAndWait { () throws(NoteStoreError) in
            writer.delete(try writer.existingObject(with: NoteID(3)))
            try writer.save()
        }
        #expect(throws: NoteStoreError.faultNotFulfilled(NoteID(3))) {
            try reader.performAndWait { () throws(NoteStoreError) in try fault.fulfillFault() }
        }
        #expect(throws: NoteStoreError.notFound("note 3")) {
            try reader.performAndWait { () throws(NoteStoreError) in _ = try reader.existingObject(with: NoteID(3)) }
        }
    }

    @Test("One context hands out one object per identifier; two contexts, two objects")
    func identityMap() throws {
        let first = try fixture.container.newContext()
        let second = try fixture.container.newContext()
        let (a, b) = try first.performAndWait { () throws(NoteStoreError) in
            (try first.existingObject(with: NoteID(1)), first.object(with: NoteID(1)))
        }
        #expect(a === b)
        let other = try second.performAndWait { () throws(NoteStoreError) in try second.existingObject(with: NoteID(1)) }
        #expect(a !== other)
    }

    @Test("A clean note is held weakly: once released, it is no longer registered")
    func cleanObjectsAreWeak() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            _ = try context.existingObject(with: NoteID(1))
            #expect(context.registeredObject(for: NoteID(1)) == nil)
        }
    }
}
