import CustomExecutorStore
import NoteStore
import WorkshopKit

// A wrong fix of exercise 4 (trusts values read earlier): the actor runs on its context's
// queue and uses the context directly, as the lesson asks, and keeps every note object it
// looked up, "so the identity map never has to read a note twice". The context merges no
// other context's saves, so the objects it keeps hold the values of their first read, and
// another context's later save is never seen.
actor HeldNotesModelArchive: NoteArchive, NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext
    private var held: [NoteID: Note] = [:]

    init(container: NoteContainer) throws {
        let context = try container.newContext(name: "model-archive")
        self.context = context
        modelExecutor = ContextExecutor(context: context)
    }

    func importBatch(_ batch: NoteBatch) throws {
        try context.importBatch(batch)
    }

    func snapshot(of id: NoteID) throws -> NoteSnapshot {
        if let note = held[id] { return note.snapshot }
        let note = try context.existingObject(with: id)
        held[id] = note
        return note.snapshot
    }
}
