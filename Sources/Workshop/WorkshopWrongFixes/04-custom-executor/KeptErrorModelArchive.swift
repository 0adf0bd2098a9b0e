// A wrong fix of exercise 4 (swallows a failure): the actor runs on its context's queue and
// drops every perform, as the lesson asks, but importBatch(_:) catches the import's error
// and keeps it in a property "for the screen to show later", which nothing reads. The call
// returns normally for a batch that was not saved: the caller never hears of the failure.

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor KeptErrorModelArchive: NoteArchive, NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext
    private(set) var lastImportError: NoteStoreError?

    init(container: NoteContainer) throws {
        let context = try container.newContext(name: "model-archive")
        self.context = context
        modelExecutor = ContextExecutor(context: context)
    }

    func importBatch(_ batch: NoteBatch) {
        do {
            try context.importBatch(batch)
        } catch {
            context.rollback()
            lastImportError = error
        }
    }

    func snapshot(of id: NoteID) throws -> NoteSnapshot {
        try context.existingObject(with: id).snapshot
    }
}
