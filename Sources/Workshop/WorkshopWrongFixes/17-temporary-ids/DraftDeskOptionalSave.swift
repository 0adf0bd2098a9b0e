// A wrong fix of exercise 17 (swallows a failure): the identifiers are made permanent
// before they leave the writer, as the lesson asks, but saveAll() saves with try?, "the
// drafts stay in the context and the next save takes them". The caller is told the drafts
// are saved when the save failed, and opens identifiers no other context can find.

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor DraftDeskOptionalSaveWriter: NoteModelActor {
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

    func saveAll() {
        _ = try? context.save()
    }
}

actor DraftDeskOptionalSaveReader: NoteModelActor {
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

struct DraftDeskOptionalSave: NoteDesk {
    let writer: DraftDeskOptionalSaveWriter
    let reader: DraftDeskOptionalSaveReader

    init(container: NoteContainer) throws {
        writer = try DraftDeskOptionalSaveWriter(container: container)
        reader = try DraftDeskOptionalSaveReader(container: container)
    }

    func add(_ draft: NoteDraft) async throws -> NoteID { try await writer.add(draft) }
    func saveAll() async throws { await writer.saveAll() }
    func open(_ id: NoteID) async throws -> NoteSnapshot? { try await reader.open(id) }
}
