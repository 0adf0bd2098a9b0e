// Exercise 18: isolated conformances. Lesson 18: in a module whose default isolation is the
// main actor, a type's conformances are isolated to the main actor too, and code off the
// main actor cannot use them.
// Source: SE-0470, "Global-actor isolated conformances", and SE-0466, "Control default actor
// isolation inference".
//
// This file is compiled as an app target may be: with the main actor as its default
// isolation (`.defaultIsolation(MainActor.self)` in Workshop/Package.swift). NoteRecord is
// one note of a sync service's export file; RecordImporter is an actor, so that decoding a
// large file keeps the main actor free. It does not compile. Make it compile with the
// decoding still on the importer's actor; `lab workshop check 18` then imports a file of
// records and counts the ones decoded on the main actor: it wants none.
//
// Keep the actor's name and its RecordImporting conformance: the check uses them.

import Foundation
import NoteStore
import WorkshopKit

/// One note of the export file. Nonisolated: the module's default would isolate it, and its
/// Codable conformance, to the main actor, and the importer's actor could not use that
/// conformance to decode it.
nonisolated struct NoteRecord: Codable {
    var id: Int64
    var folder: Int64
    var title: String
    var body: String
    var created: Date
    var modified: Date
}

/// Imports export files off the main actor.
actor RecordImporter: RecordImporting {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func importFile(_ file: RecordFile) async throws {
        let records = try file.records(as: NoteRecord.self)
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
