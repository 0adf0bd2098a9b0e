// Exercise 17, a wrong fix: translating the temporary identifier behind the reader's back.
// The writer remembers which note each temporary identifier it handed out belongs to, and
// the desk asks it for the note's identifier now before opening: the desk's own reader
// finds every note, but the identifiers handed to the rest of the app are still temporary,
// and no other context can find the notes by them.
// Rejected by `ids` (temporary identifiers handed out) and `saved` (the check's own context
// finds none of the notes by them).

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor DraftWriterRememberingIDs: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext
    /// Each note added, by the identifier it was handed out with.
    private var added: [NoteID: Note] = [:]

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "writer")
        modelExecutor = ContextExecutor(context: context)
    }

    func add(_ draft: NoteDraft) throws -> NoteID {
        let folder = try context.existingFolder(with: draft.folder)
        let note = context.insertNote(title: draft.title, body: draft.body, folder: folder, created: draft.created)
        added[note.id] = note
        return note.id
    }

    func saveAll() throws {
        try context.save()
    }

    /// The identifier the note handed out as `id` has now.
    func currentID(of id: NoteID) -> NoteID {
        added[id]?.id ?? id
    }
}

actor DraftReaderOfTranslatedIDs: NoteModelActor {
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

struct DraftDeskTranslatingIDs: NoteDesk {
    let writer: DraftWriterRememberingIDs
    let reader: DraftReaderOfTranslatedIDs

    init(container: NoteContainer) throws {
        writer = try DraftWriterRememberingIDs(container: container)
        reader = try DraftReaderOfTranslatedIDs(container: container)
    }

    func add(_ draft: NoteDraft) async throws -> NoteID { try await writer.add(draft) }
    func saveAll() async throws { try await writer.saveAll() }

    func open(_ id: NoteID) async throws -> NoteSnapshot? {
        try await reader.open(await writer.currentID(of: id))
    }
}
