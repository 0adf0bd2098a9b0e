// A wrong fix of exercise 3 (blocking instead of awaiting): the plain actor enters the
// queue with performAndWait, which the compiler accepts in a synchronous actor method; the
// actor's thread, one of the cooperative pool's, waits for the queue on every call. The
// check refuses it: `waits`.

import NoteStore
import WorkshopKit

actor WaitingActorArchive: NoteArchive {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "actor-archive")
    }

    func importBatch(_ batch: NoteBatch) throws {
        try context.performAndWait { try context.importBatch(batch) }
    }

    func snapshot(of id: NoteID) throws -> NoteSnapshot {
        try context.performAndWait { try context.existingObject(with: id).snapshot }
    }
}
