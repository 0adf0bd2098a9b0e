// Exercise 16, a wrong fix: Task { } instead of Task.detached. The importer is made inside
// a task, meant to leave the main actor, but a Task { } started in @MainActor code inherits
// the main actor (lesson 8): the initializer still runs there, the context is still bound
// to the main queue, and so is every job of the importer.
// Rejected by `main-actor` (every line parsed on the main actor) and `executor`.

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor FileImporterMadeInATask: FileImportingActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        modelExecutor = ContextExecutor(context: context)
    }

    func importFile(_ lines: [String]) throws {
        try context.importBatch(NoteFile.batch(from: lines))
    }
}

@MainActor
final class ImportPanelInATask: ImportScreenModel {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func makeImporter() async throws -> FileImporterMadeInATask {
        let container = container
        return try await Task { try FileImporterMadeInATask(container: container) }.value
    }
}
