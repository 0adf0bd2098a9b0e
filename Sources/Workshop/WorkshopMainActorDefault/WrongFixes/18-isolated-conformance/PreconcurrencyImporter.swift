// A wrong fix of exercise 18 (it switches off the compiler's isolation check): the record's
// conformance is marked @preconcurrency. It compiles, and the conformance is still the main
// actor's: SE-0423 checks its witnesses at run time, and the record's init(from:) stops the
// run on the importer's actor. The check refuses it: `trap`, Swift's run-time isolation
// check.

import Foundation
import NoteStore
import WorkshopKit

struct PreconcurrencyRecord: @preconcurrency Codable {
    var id: Int64
    var folder: Int64
    var title: String
    var body: String
    var created: Date
    var modified: Date
}

actor PreconcurrencyImporter: RecordImporting {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func importFile(_ file: RecordFile) async throws {
        let records = try file.records(as: PreconcurrencyRecord.self)
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
