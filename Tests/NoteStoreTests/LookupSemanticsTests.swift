import NoteStore
import Testing

/// The three lookups and the identity map, in the corners where Core Data's semantics are
/// easiest to get wrong.
@Suite("Lookups and the identity map in detail")
struct LookupSemanticsTests {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    // MARK: existingObject(with:)

    @Test("existingObject returns the registered object, unsaved changes included")
    func existingObjectReturnsRegistered() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            let note = context.object(with: NoteID(1))
            note.title = "unsaved"
            let found = try context.existingObject(with: NoteID(1))
            #expect(found === note)
            #expect(found.title == "unsaved")
        }
    }

    @Test("existingObject throws notFound for a row that is gone, even when a fault for it is registered")
    func existingObjectOfRegisteredFault() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            let fault = context.object(with: NoteID(404))
            #expect(context.registeredObject(for: NoteID(404)) === fault)
            #expect(throws: NoteStoreError.notFound("note 404")) { try context.existingObject(with: NoteID(404)) }
        }
    }

    // MARK: registeredObject(for:)

    @Test("registeredObject never reads the database: nil for a saved row, still there once the row is gone")
    func registeredObjectIgnoresTheDatabase() throws {
        let context = try fixture.container.newContext(name: "holder")
        let note = try context.performAndWait { () throws(NoteStoreError) in
            #expect(context.registeredObject(for: NoteID(2)) == nil, "the row is saved, but not registered")
            return try context.existingObject(with: NoteID(2))
        }
        try fixture.deleteSaved(NoteID(2))
        context.performAndWait {
            #expect(context.registeredObject(for: NoteID(2)) === note, "the row is gone, but the object is registered")
            #expect(!note.isFault)
        }
    }

    // MARK: object(with:)

    @Test("object(with:) returns the registered object, else a fault that loads once, on first use")
    func objectWithFaults() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            let fault = context.object(with: NoteID(3))
            #expect(fault.isFault)
            #expect(context.object(with: NoteID(3)) === fault)
            #expect(try context.existingObject(with: NoteID(3)) === fault)
            #expect(!fault.isFault, "existingObject never returns a fault: it fulfilled this one")
            #expect(fault.title == "alphabet")
        }
    }

    @Test("A fault whose row another context deleted throws faultNotFulfilled, and stays a fault")
    func faultOfDeletedRow() throws {
        let context = try fixture.container.newContext()
        let fault = context.performAndWait { context.object(with: NoteID(1)) }
        try fixture.deleteSaved(NoteID(1))
        context.performAndWait {
            #expect(throws: NoteStoreError.faultNotFulfilled(NoteID(1))) { try fault.fulfillFault() }
            #expect(fault.isFault)
        }
    }

    @Test("Reading a property of a fault whose row another context deleted stops the process")
    func faultOfDeletedRowTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fixture = try StoreFixture()
            let context = try fixture.container.newContext()
            let fault = context.performAndWait { context.object(with: NoteID(1)) }
            try fixture.deleteSaved(NoteID(1))
            // Core Data's "could not fulfill a fault": a property has no way to throw.
            context.performAndWait { _ = fault.title }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("could not fulfil a fault: note 1 was deleted"))
    }

    // MARK: The identity map

    @Test("Clean notes are held weakly: when the last reference goes, the context forgets them")
    func cleanNotesAreWeak() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            weak var released: Note?
            do {
                let note = try context.existingObject(with: NoteID(1))
                released = note
                #expect(context.registeredObject(for: NoteID(1)) === note)
            }
            #expect(released == nil)
            #expect(context.registeredObject(for: NoteID(1)) == nil)
        }
    }

    @Test("Changed notes are held strongly until saved, then weakly again")
    func changedNotesAreStrong() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            do { try context.existingObject(with: NoteID(1)).title = "pending" }
            #expect(context.registeredObject(for: NoteID(1))?.title == "pending", "the change must not be lost")
            try context.save()
            #expect(context.registeredObject(for: NoteID(1)) == nil)
        }
    }

    @Test("Two contexts hold two objects for one row; one's unsaved change stays its own")
    func contextsDoNotShareObjects() throws {
        let first = try fixture.container.newContext(name: "first")
        let second = try fixture.container.newContext(name: "second")
        let edited = try first.performAndWait { () throws(NoteStoreError) in
            let note = try first.existingObject(with: NoteID(1))
            note.title = "first's draft"
            return note
        }
        let other = try second.performAndWait { () throws(NoteStoreError) in try second.existingObject(with: NoteID(1)) }
        #expect(edited !== other)
        #expect(second.performAndWait { other.title } == "alpha")
    }

    @Test("A deleted note, once saved, is gone from every lookup of its context")
    func savedDeletionLeavesTheContext() throws {
        let context = try fixture.container.newContext()
        try context.performAndWait { () throws(NoteStoreError) in
            let note = try context.existingObject(with: NoteID(2))
            context.delete(note)
            #expect(try context.fetchCount() == 3, "not written yet")
            try context.save()
            #expect(note.isDeleted)
            #expect(context.registeredObject(for: NoteID(2)) == nil)
            #expect(throws: NoteStoreError.notFound("note 2")) { try context.existingObject(with: NoteID(2)) }
            #expect(try context.fetchCount() == 2)
        }
    }
}

extension StoreFixture {
    /// Deletes a saved note through a context of its own: "another context" of the tests.
    func deleteSaved(_ id: NoteID) throws {
        let other = try container.newContext(name: "other")
        try other.performAndWait { () throws(NoteStoreError) in
            other.delete(try other.existingObject(with: id))
            try other.save()
        }
    }
}
