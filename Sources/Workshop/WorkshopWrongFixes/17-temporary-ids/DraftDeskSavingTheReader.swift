// Exercise 17, a wrong fix: saving in the reader's context. "Save first" applies to the
// context that inserted the note: the reader's context has nothing to save, its save
// changes nothing, and the identifier it was given is still the writer's temporary one.
// Rejected by `opened` (the reader still throws temporaryID), `ids` and `saved`.

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor DraftWriterSavingLater: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "writer")
        modelExecutor = ContextExecutor(context: context)
    }

    func add(_ draft: NoteDraft) throws -> NoteID {
        let folder = try context.existingFolder(with: draft.folder)
        return context.insertNote(title: draft.title, body: draft.body, folder: folder, created: draft.created).id
    }

    func saveAll() throws {
        try context.save()
    }
}

actor DraftReaderSavingFirst: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "reader")
        modelExecutor = ContextExecutor(context: context)
    }

    func open(_ id: NoteID) throws -> NoteSnapshot? {
        try context.save()
        do {
            return try context.existingObject(with: id).snapshot
        } catch .notFound {
            return nil
        }
    }
}

struct DraftDeskSavingTheReader: NoteDesk {
    let writer: DraftWriterSavingLater
    let reader: DraftReaderSavingFirst

    init(container: NoteContainer) throws {
        writer = try DraftWriterSavingLater(container: container)
        reader = try DraftReaderSavingFirst(container: container)
    }

    func add(_ draft: NoteDraft) async throws -> NoteID { try await writer.add(draft) }
    func saveAll() async throws { try await writer.saveAll() }
    func open(_ id: NoteID) async throws -> NoteSnapshot? { try await reader.open(id) }
}
