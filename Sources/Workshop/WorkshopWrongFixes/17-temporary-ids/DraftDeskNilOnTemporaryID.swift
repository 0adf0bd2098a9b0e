// Exercise 17, a wrong fix: catching the reader's temporaryID error and returning nil. The
// check no longer stops, but the reader now says that five notes that are saved do not
// exist, and the identifiers handed out are still temporary.
// Rejected by `opened` (nil for notes that are saved), `ids` and `saved`.

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor DraftWriterHandingOutTemporaryIDs: NoteModelActor {
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

actor DraftReaderReturningNil: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "reader")
        modelExecutor = ContextExecutor(context: context)
    }

    func open(_ id: NoteID) throws -> NoteSnapshot? {
        do {
            return try context.existingObject(with: id).snapshot
        } catch .notFound, .temporaryID {
            return nil
        }
    }
}

struct DraftDeskNilOnTemporaryID: NoteDesk {
    let writer: DraftWriterHandingOutTemporaryIDs
    let reader: DraftReaderReturningNil

    init(container: NoteContainer) throws {
        writer = try DraftWriterHandingOutTemporaryIDs(container: container)
        reader = try DraftReaderReturningNil(container: container)
    }

    func add(_ draft: NoteDraft) async throws -> NoteID { try await writer.add(draft) }
    func saveAll() async throws { try await writer.saveAll() }
    func open(_ id: NoteID) async throws -> NoteSnapshot? { try await reader.open(id) }
}
