// A wrong fix of exercise 16 (returns before its work is done): the importer is made off
// the main actor, as the lesson asks, but its importFile(_:) parses the file and hands the
// save to a task of the actor and returns, "the screen should not wait for the import". The
// task runs later on the importer's queue: the screen is told the file is imported before
// it is, and a failed import is dropped inside the task.

import CustomExecutorStore
import NoteStore
import WorkshopKit

@MainActor
final class ImportPanelTaskImport: ImportScreenModel {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func makeImporter() async throws -> TaskImportFileImporter {
        let container = container
        return try await Task.detached { try TaskImportFileImporter(container: container) }.value
    }
}

actor TaskImportFileImporter: FileImportingActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        modelExecutor = ContextExecutor(context: context)
    }

    func importFile(_ lines: [String]) {
        let batch = NoteFile.batch(from: lines)
        Task {
            try? context.importBatch(batch)
        }
    }
}
