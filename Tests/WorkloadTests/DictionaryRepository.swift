import Foundation
import NoteStore
import Workload

/// The smallest repository: an actor over two dictionaries, with no SQLite and no store,
/// so the runner can be tested on its own.
actor DictionaryRepository: NoteRepository {
    private var folders: [FolderID: FolderSnapshot] = [:]
    private var notes: [NoteID: NoteSnapshot] = [:]

    func importBatch(_ batch: NoteBatch) throws {
        // All or nothing, like a transaction: every identifier is checked before any write.
        let ids = batch.notes.map(\.id)
        guard Set(ids).count == ids.count, ids.allSatisfy({ notes[$0] == nil }) else {
            throw NoteStoreError.constraintViolation("a note identifier is already used")
        }
        for folder in batch.folders { folders[folder.id] = folder }
        for note in batch.notes { notes[note.id] = note }
    }

    func snapshot(of id: NoteID) throws -> NoteSnapshot {
        guard let note = notes[id] else { throw NoteStoreError.notFound("\(id)") }
        return note
    }

    func update(_ id: NoteID, with edit: NoteEdit) throws {
        var note = try snapshot(of: id)
        note.body = edit.body
        note.modified = edit.applied(toModified: note.modified)
        notes[id] = note
    }

    func title(of id: NoteID) throws -> String { try snapshot(of: id).title }
    func body(of id: NoteID) throws -> String { try snapshot(of: id).body }
    func modified(of id: NoteID) throws -> Date { try snapshot(of: id).modified }

    func folderName(of id: NoteID) throws -> String {
        let folder = try snapshot(of: id).folder
        guard let name = folders[folder]?.name else { throw NoteStoreError.notFound("\(folder)") }
        return name
    }

    func listScreen(titles: Int) -> ListScreen {
        ListScreen(count: notes.count, titles: notes.values.sorted { $0.id < $1.id }.prefix(titles).map(\.title))
    }

    func count() -> Int { notes.count }

    func checksum() -> Checksum {
        .contents(folders: folders.values.sorted { $0.id < $1.id }, notes: notes.values.sorted { $0.id < $1.id })
    }

    func close() {}
}
