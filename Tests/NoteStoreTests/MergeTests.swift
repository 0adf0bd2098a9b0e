import NoteStore
import Testing

/// A save publishes what it changed, and another context merges it: by hand with
/// `mergeChanges(from:)`, or on its own with `automaticallyMergesChanges`.
@Suite("Merging another context's save")
struct MergeTests {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    /// Inserts note 10, retitles note 1, deletes note 3 in `context`, saves, and returns the changes.
    static func writeSomething(in context: NoteContext) throws(NoteStoreError) -> NoteChanges {
        try context.performAndWait { () throws(NoteStoreError) in
            let inbox = try context.existingFolder(with: FolderID(1))
            context.insertNote(id: NoteID(10), title: "new", body: "", folder: inbox, created: StoreFixture.created)
            try context.existingObject(with: NoteID(1)).title = "retitled"
            context.delete(try context.existingObject(with: NoteID(3)))
            return try context.save()
        }
    }

    @Test("A save returns the identifiers it inserted, updated and deleted")
    func saveReportsChanges() throws {
        let writer = try fixture.container.newContext(name: "writer")
        let changes = try Self.writeSomething(in: writer)
        #expect(changes.source == "writer")
        #expect(changes.inserted == [NoteID(10)])
        #expect(changes.updated == [NoteID(1)])
        #expect(changes.deleted == [NoteID(3)])
        #expect(try writer.performAndWait { () throws(NoteStoreError) in try writer.save() }.isEmpty)
    }

    @Test("Merging refreshes updated objects in place, drops deleted ones, and leaves the others alone")
    func mergeByHand() throws {
        let reader = try fixture.container.newContext(name: "reader")
        let held = try reader.performAndWait { () throws(NoteStoreError) in
            try [1, 2, 3].map { id throws(NoteStoreError) in try reader.existingObject(with: NoteID(Int64(id))) }
        }
        let changes = try Self.writeSomething(in: try fixture.container.newContext(name: "writer"))
        reader.performAndWait {
            #expect(held[0].title == "alpha", "no merge yet: the object keeps what it read")
            reader.mergeChanges(from: changes)
            #expect(held[0].title == "retitled")
            #expect(reader.registeredObject(for: NoteID(1)) === held[0])
            #expect(!held[0].isDeleted)
            #expect(held[2].isDeleted)
            #expect(reader.registeredObject(for: NoteID(3)) == nil)
            #expect(reader.registeredObject(for: NoteID(2)) === held[1])
            #expect(held[1].title == "beta")
            #expect(reader.registeredObject(for: NoteID(10)) == nil, "an insert registers nothing")
            #expect(!reader.hasChanges)
        }
        #expect(try reader.performAndWait { () throws(NoteStoreError) in try reader.fetchCount() } == 3)
    }

    @Test("A merge keeps the merging context's own unsaved edits")
    func mergeKeepsLocalEdits() throws {
        let reader = try fixture.container.newContext(name: "reader")
        let note = try reader.performAndWait { () throws(NoteStoreError) in
            let note = try reader.existingObject(with: NoteID(1))
            note.body = "edited here"
            return note
        }
        let changes = try Self.writeSomething(in: try fixture.container.newContext(name: "writer"))
        reader.performAndWait {
            reader.mergeChanges(from: changes)
            #expect(note.body == "edited here")
            #expect(reader.hasChanges)
        }
    }

    @Test("With automaticallyMergesChanges, every other context's save is merged on the context's own queue")
    func automaticMerge() async throws {
        let reader = try fixture.container.newContext(name: "reader")
        let held = try reader.performAndWait { () throws(NoteStoreError) in
            reader.automaticallyMergesChanges = true
            return try reader.existingObject(with: NoteID(1))
        }
        _ = try Self.writeSomething(in: try fixture.container.newContext(name: "writer"))
        // The save scheduled the merge on the reader's queue: a job queued after it runs after it.
        await reader.perform { _ in }
        reader.performAndWait {
            #expect(held.title == "retitled")
            #expect(reader.registeredObject(for: NoteID(3)) == nil)
        }
    }

    /// A reader and a writer on one queue, so one job can save and observe the reader before
    /// any merge job runs.
    func contextsSharingAQueue() throws -> (ContextQueue, reader: NoteContext, writer: NoteContext) {
        let queue = ContextQueue(label: "shared")
        return (
            queue,
            try fixture.container.newContext(name: "reader", queue: queue),
            try fixture.container.newContext(name: "writer", queue: queue)
        )
    }

    @Test("mergePendingChanges merges what was published without waiting for the scheduled job")
    func mergePendingChanges() throws {
        let (queue, reader, writer) = try contextsSharingAQueue()
        try queue.sync { () throws(NoteStoreError) in
            reader.automaticallyMergesChanges = true
            let held = try reader.existingObject(with: NoteID(1))
            _ = try Self.writeSomething(in: writer)
            // Still inside the job that saved: the scheduled merge cannot have run.
            #expect(held.title == "alpha")
            reader.mergePendingChanges()
            #expect(held.title == "retitled")
        }
    }

    @Test("A context does not merge its own saves, nor any once automatic merging is off")
    func noMergeWhenOff() throws {
        let (queue, reader, writer) = try contextsSharingAQueue()
        try queue.sync { () throws(NoteStoreError) in
            reader.automaticallyMergesChanges = true
            reader.automaticallyMergesChanges = false
            writer.automaticallyMergesChanges = true
            let held = try reader.existingObject(with: NoteID(1))
            _ = try Self.writeSomething(in: writer)
            reader.mergePendingChanges()
            writer.mergePendingChanges()
            #expect(held.title == "alpha")
            #expect(!reader.automaticallyMergesChanges)
        }
    }

    @MainActor
    @Test("The view context is on the main queue, one per container, usable from the main actor")
    func viewContext() throws {
        let view = try fixture.container.viewContext
        #expect(view.queue === ContextQueue.main)
        #expect(view.queue.isMain)
        #expect(try fixture.container.viewContext === view)
        #expect(try view.fetchCount() == 3)
    }

    @MainActor
    @Test("A container and its view context are freed together: neither keeps the other alive")
    func viewContextIsFreedWithItsContainer() throws {
        weak var container: NoteContainer?
        weak var view: NoteContext?
        try {
            let made = try NoteContainer(location: .inMemory)
            container = made
            view = try made.viewContext
        }()
        #expect(container == nil)
        #expect(view == nil)
    }
}
