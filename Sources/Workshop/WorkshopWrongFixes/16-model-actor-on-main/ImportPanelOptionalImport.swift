// A wrong fix of exercise 16 (swallows a failure): the importer is made off the main actor,
// as the lesson asks, but its importFile(_:) saves with try?, "a file that does not import
// should not crash the screen". The call returns normally when nothing was saved, and the
// screen reports a successful import.

import CustomExecutorStore
import NoteStore
import WorkshopKit

@MainActor
final class ImportPanelOptionalImport: ImportScreenModel {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func makeImporter() async throws -> OptionalImportFileImporter {
        let container = container
        return try await Task.detached { try OptionalImportFileImporter(container: container) }.value
    }
}

actor OptionalImportFileImporter: FileImportingActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        modelExecutor = ContextExecutor(context: context)
    }

    func importFile(_ lines: [String]) {
        try? context.importBatch(NoteFile.batch(from: lines))
    }
}
