import CustomExecutorStore
import NoteStore
import WorkshopKit

// A wrong fix of exercise 17 (returns before its work is done): the identifiers are made
// permanent before they leave the writer, as the lesson asks, but saveAll() starts the save
// in a task and returns, "so the Save button never waits for the disk". The caller is told
// the drafts are saved while they are still only in the writer's context, and a save that
// fails fails inside a task nobody awaits.
actor DraftDeskDeferredSaveWriter: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "writer")
        modelExecutor = ContextExecutor(context: context)
    }

    func add(_ draft: NoteDraft) throws -> NoteID {
        let folder = try context.existingFolder(with: draft.folder)
        let note = context.insertNote(title: draft.title, body: draft.body, folder: folder, created: draft.created)
        context.obtainPermanentIDs(for: [note])
        return note.id
    }

    func saveAll() throws {
        try context.save()
    }
}

actor DraftDeskDeferredSaveReader: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "reader")
        modelExecutor = ContextExecutor(context: context)
    }

    func open(_ id: NoteID) throws -> NoteSnapshot? {
        do {
            return try context.existingObject(with: id).snapshot
        } catch .notFound {
            return nil
        }
    }
}

struct DraftDeskDeferredSave: NoteDesk {
    let writer: DraftDeskDeferredSaveWriter
    let reader: DraftDeskDeferredSaveReader

    init(container: NoteContainer) throws {
        writer = try DraftDeskDeferredSaveWriter(container: container)
        reader = try DraftDeskDeferredSaveReader(container: container)
    }

    func add(_ draft: NoteDraft) async throws -> NoteID { try await writer.add(draft) }
    func saveAll() async throws {
        let writer = writer
        Task { try await writer.saveAll() }
    }
    func open(_ id: NoteID) async throws -> NoteSnapshot? { try await reader.open(id) }
}
