// A wrong fix of exercise 18 (a record type that skips the work): a nonisolated record of
// its own, with only the fields a list shows, in place of NoteRecord. Every record is
// decoded off the main actor, and the notes are saved without their bodies and dates. The
// check refuses it: `checksum`, the database does not hold what the file held.

import Foundation
import NoteStore
import WorkshopKit

nonisolated struct TitleRecord: Codable {
    var id: Int64
    var folder: Int64
    var title: String
}

actor TitleOnlyImporter: RecordImporting {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func importFile(_ file: RecordFile) async throws {
        let records = try file.records(as: TitleRecord.self)
        let batch = NoteBatch(notes: records.map { record in
            NoteSnapshot(
                id: NoteID(record.id), folder: FolderID(record.folder), title: record.title, body: "",
                created: Date(timeIntervalSince1970: 0), modified: Date(timeIntervalSince1970: 0)
            )
        })
        let context = try container.newContext(name: "import")
        try await context.perform { context in try context.importBatch(batch) }
    }
}
