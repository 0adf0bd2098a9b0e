// Exercise 16, a wrong fix: Task.detached inside the import only. The importer is still
// made on the main actor; its import hands the parsing to a detached task, so no line is
// parsed on the main actor, but the actor's context is still bound to the main queue: the
// inserts and the save of every import, and every other job of the actor, run there.
// Rejected by `executor` (the importer's jobs run on the main queue).

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor FileImporterDetachingItsParse: FileImportingActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        modelExecutor = ContextExecutor(context: context)
    }

    func importFile(_ lines: [String]) async throws {
        let batch = await Task.detached { NoteFile.batch(from: lines) }.value
        try context.importBatch(batch)
    }
}

@MainActor
final class ImportPanelDetachedParse: ImportScreenModel {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func makeImporter() async throws -> FileImporterDetachingItsParse {
        try FileImporterDetachingItsParse(container: container)
    }
}
