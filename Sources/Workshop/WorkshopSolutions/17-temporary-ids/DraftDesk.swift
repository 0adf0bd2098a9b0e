// Exercise 17: temporary identifiers. Lesson 17: a note inserted without an identifier has a
// temporary one until it is saved, and only its own context knows it.
// Source: Core Data's isTemporaryID and obtainPermanentIDs(for:), reproduced with the lab's store
// (https://developer.apple.com/documentation/coredata/nsmanagedobjectid/istemporaryid).
//
// DraftDesk adds notes in the writer's context and saves them together when the user taps
// Done; the list opens a note in the reader's context by the identifier add(_:) returned.
// `lab workshop check 17` adds five notes, saves them, and opens each one by its identifier,
// in your reader and in a context of its own: both must find every note.
//
// Keep the desk's name and its NoteDesk conformance: the check uses them.

import CustomExecutorStore
import NoteStore
import WorkshopKit

/// Where notes are written: added one by one, saved together.
actor DraftWriter: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "writer")
        modelExecutor = ContextExecutor(context: context)
    }

    func add(_ draft: NoteDraft) throws -> NoteID {
        let folder = try context.existingFolder(with: draft.folder)
        let note = context.insertNote(title: draft.title, body: draft.body, folder: folder, created: draft.created)
        // The identifier leaves this context before the save: make it the permanent one now.
        // The save keeps it, and every context finds the note by it once the note is saved.
        context.obtainPermanentIDs(for: [note])
        return note.id
    }

    func saveAll() throws {
        try context.save()
    }
}

/// Where the list reads: a context of its own.
actor DraftReader: NoteModelActor {
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

struct DraftDesk: NoteDesk {
    let writer: DraftWriter
    let reader: DraftReader

    init(container: NoteContainer) throws {
        writer = try DraftWriter(container: container)
        reader = try DraftReader(container: container)
    }

    func add(_ draft: NoteDraft) async throws -> NoteID { try await writer.add(draft) }
    func saveAll() async throws { try await writer.saveAll() }
    func open(_ id: NoteID) async throws -> NoteSnapshot? { try await reader.open(id) }
}
