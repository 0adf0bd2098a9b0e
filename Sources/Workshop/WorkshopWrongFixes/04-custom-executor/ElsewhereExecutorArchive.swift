// A wrong fix of exercise 4 (ignoring what the check hands in): the actor conforms to
// NoteModelActor, but its executor runs on a queue of its own, not its context's. The
// check refuses it: `queue`, the actor's jobs do not run on its own context's queue (and
// the trap fires when it touches the context there).

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor ElsewhereExecutorArchive: NoteArchive, NoteModelActor {
    nonisolated let modelExecutor = ContextExecutor(queue: ContextQueue(label: "elsewhere"))
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "model-archive")
    }

    func importBatch(_ batch: NoteBatch) throws {
        try context.importBatch(batch)
    }

    func snapshot(of id: NoteID) throws -> NoteSnapshot {
        try context.existingObject(with: id).snapshot
    }
}
