// A wrong fix of exercise 4 (returns before its work is done): the actor runs on its
// context's queue, and importBatch(_:) hands the import to a Task of the actor's and
// returns, "so the caller does not wait for the save". The task runs later on the same
// queue, so reads that follow queue behind it; but the caller was told the batch is in the
// database before it is, and a failed import is dropped inside the task.

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor TaskImportModelArchive: NoteArchive, NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        let context = try container.newContext(name: "model-archive")
        self.context = context
        modelExecutor = ContextExecutor(context: context)
    }

    func importBatch(_ batch: NoteBatch) {
        Task {
            try? context.importBatch(batch)
        }
    }

    func snapshot(of id: NoteID) throws -> NoteSnapshot {
        try context.existingObject(with: id).snapshot
    }
}
