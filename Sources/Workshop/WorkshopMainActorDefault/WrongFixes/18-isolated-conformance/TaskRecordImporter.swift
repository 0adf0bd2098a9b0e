// A wrong fix of exercise 18 (returns before its work is done): the records are decoded off
// the main actor, in an actor whose Codable record type is nonisolated, as the lesson asks,
// but importFile(_:) starts the import in a task of the actor and returns, "so the Import
// button comes back at once". The caller is told the file is imported while it is still
// being decoded, and a save that fails fails in a task nobody awaits.

import Foundation
import NoteStore
import WorkshopKit

nonisolated struct TaskNoteRecord: Codable {
    var id: Int64
    var folder: Int64
    var title: String
    var body: String
    var created: Date
    var modified: Date
}

actor TaskRecordImporter: RecordImporting {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func importFile(_ file: RecordFile) async throws {
        Task { try await importNow(file) }
    }

    private func importNow(_ file: RecordFile) async throws {
        let records = try file.records(as: TaskNoteRecord.self)
        let batch = NoteBatch(notes: records.map { record in
            NoteSnapshot(
                id: NoteID(record.id), folder: FolderID(record.folder), title: record.title, body: record.body,
                created: record.created, modified: record.modified
            )
        })
        let context = try container.newContext(name: "import")
        try await context.perform { context in try context.importBatch(batch) }
    }
}
