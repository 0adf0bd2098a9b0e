// A wrong fix of exercise 17 (trusts values read earlier): the identifiers are made
// permanent before they leave the writer, as the lesson asks, but the reader remembers
// every note it opened, and the notes it found missing, and answers from memory the next
// time. A draft saved after a first open that found nothing stays missing, and a note
// edited or deleted later is shown as it was.

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor DraftDeskRememberingReaderWriter: NoteModelActor {
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

actor DraftDeskRememberingReaderReader: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext
    private var opened: [NoteID: NoteSnapshot?] = [:]

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "reader")
        modelExecutor = ContextExecutor(context: context)
    }

    func open(_ id: NoteID) throws -> NoteSnapshot? {
        if let known = opened[id] { return known }
        let snapshot: NoteSnapshot?
        do {
            snapshot = try context.existingObject(with: id).snapshot
        } catch .notFound {
            snapshot = nil
        }
        opened[id] = snapshot
        return snapshot
    }
}

struct DraftDeskRememberingReader: NoteDesk {
    let writer: DraftDeskRememberingReaderWriter
    let reader: DraftDeskRememberingReaderReader

    init(container: NoteContainer) throws {
        writer = try DraftDeskRememberingReaderWriter(container: container)
        reader = try DraftDeskRememberingReaderReader(container: container)
    }

    func add(_ draft: NoteDraft) async throws -> NoteID { try await writer.add(draft) }
    func saveAll() async throws { try await writer.saveAll() }
    func open(_ id: NoteID) async throws -> NoteSnapshot? { try await reader.open(id) }
}
