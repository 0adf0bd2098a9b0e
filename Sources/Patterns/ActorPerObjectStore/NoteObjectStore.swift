// The store behind the note actors of the actor-per-object anti-pattern (lesson 10).
//
// One actor on the context's queue (a custom executor, as in pattern 3) owns the context
// and the identity map: one `NoteObject` per `NoteID`, created on first use, so two
// callers never hold two copies of one note. Every note is loaded through it and saved
// back through it.
//
// Keeping the identity map in this actor makes every lookup a job on the queue: honest,
// and part of what the design costs. (A `Mutex` would make a hit free, but a miss must
// still read the database, on the queue.)

import NoteStore
import Workload

// MARK: - NoteObjectStore

actor NoteObjectStore {
    private let context: NoteContext
    private let executor: ContextExecutor
    /// The identity map. Strong: a note actor lives until the store closes.
    private var objects: [NoteID: NoteObject] = [:]
    /// Saves so far: the version stamp that orders the copies held by note actors.
    private var saves = 0

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    init(container: NoteContainer) throws {
        let context = try container.newContext(name: "actor-per-object")
        self.context = context
        self.executor = ContextExecutor(context: context)
    }

    /// The note's actor: the registered one, or a new one loaded from the database.
    /// - Throws: `NoteStoreError.notFound` when no such note exists.
    func object(for id: NoteID) throws -> NoteObject {
        if let object = objects[id] { return object }
        let note = try context.existingObject(with: id)
        let object = NoteObject(values: note.snapshot, folderName: note.folder.name, version: saves, store: self)
        objects[id] = object
        return object
    }

    /// Applies `edit` to the saved note; returns the values now saved and their version.
    func save(_ edit: NoteEdit, to id: NoteID) throws -> (NoteSnapshot, version: Int) {
        try context.apply(edit, to: id)
        saves += 1
        return (try context.existingObject(with: id).snapshot, saves)
    }

    func importBatch(_ batch: NoteBatch) throws {
        try context.importBatch(batch)
    }

    func listScreen(titles: Int) throws -> ListScreen {
        try context.listScreen(titles: titles)
    }

    func count() throws -> Int {
        try context.fetchCount()
    }

    func checksum() throws -> Checksum {
        try context.contentChecksum()
    }

    /// The number of note actors in the identity map.
    var objectCount: Int { objects.count }

    /// Jobs sent to the context's queue: one per hop into this store.
    nonisolated var queueJobCount: Int { executor.queue.jobCount }

    /// Drops every note actor and every registered object.
    func close() {
        objects.removeAll()
        context.close()
    }
}
