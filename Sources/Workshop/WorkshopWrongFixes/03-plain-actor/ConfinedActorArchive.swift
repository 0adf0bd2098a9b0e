// A wrong fix of exercise 3 (removing what the lesson is about): the context is confined to
// the actor with the lab's confine(to:), which Core Data does not have, so the actor uses
// it directly. The check refuses it: `contexts`.

import NoteStore
import WorkshopKit

actor ConfinedActorArchive: NoteArchive {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "actor-archive")
        context.confine(to: self)
    }

    func importBatch(_ batch: NoteBatch) throws {
        try context.importBatch(batch)
    }

    func snapshot(of id: NoteID) throws -> NoteSnapshot {
        try context.existingObject(with: id).snapshot
    }
}
