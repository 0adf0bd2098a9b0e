// A wrong fix of exercise 18 (it moves the work onto the main actor): the record is
// nonisolated, but the importer hands the decoding to the main actor, as if the error had
// asked for that. It compiles and imports every note, and the interface waits for the whole
// file. The check refuses it: `main-actor`, every record decoded there.

import Foundation
import NoteStore
import WorkshopKit

nonisolated struct MainActorDecodedRecord: Codable {
    var id: Int64
    var folder: Int64
    var title: String
    var body: String
    var created: Date
    var modified: Date
}

actor MainActorDecodingImporter: RecordImporting {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func importFile(_ file: RecordFile) async throws {
        let records = try await MainActor.run { try file.records(as: MainActorDecodedRecord.self) }
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
