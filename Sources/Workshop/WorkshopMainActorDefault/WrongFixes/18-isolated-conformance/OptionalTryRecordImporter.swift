// A wrong fix of exercise 18 (swallows a failure): the records are decoded off the main
// actor, in an actor whose Codable record type is nonisolated, as the lesson asks, but the
// import is written with try?, "one bad file should not stop the app". importFile(_:)
// returns normally when nothing was saved, and the caller reports a successful import.

import Foundation
import NoteStore
import WorkshopKit

nonisolated struct OptionalTryNoteRecord: Codable {
    var id: Int64
    var folder: Int64
    var title: String
    var body: String
    var created: Date
    var modified: Date
}

actor OptionalTryRecordImporter: RecordImporting {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func importFile(_ file: RecordFile) async throws {
        let records = try file.records(as: OptionalTryNoteRecord.self)
        let batch = NoteBatch(notes: records.map { record in
            NoteSnapshot(
                id: NoteID(record.id), folder: FolderID(record.folder), title: record.title, body: record.body,
                created: record.created, modified: record.modified
            )
        })
        let context = try container.newContext(name: "import")
        try? await context.perform { context in try context.importBatch(batch) }
    }
}
