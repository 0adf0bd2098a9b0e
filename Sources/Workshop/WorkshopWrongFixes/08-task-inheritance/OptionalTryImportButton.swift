// A wrong fix of exercise 8 (swallows a failure): the file is parsed and imported off the
// main actor, as the lesson asks, but the import inside the detached task is written with
// try?, "so that a bad file does not crash the app". importFile(_:) returns normally when
// nothing was saved, and the screen tells the user the import worked.

import NoteStore
import WorkshopKit

@MainActor
final class OptionalTryImportButton: NoteImporting {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func importFile(_ lines: [String]) async throws {
        let container = container
        try await Task.detached {
            let batch = NoteFile.batch(from: lines)
            let context = try container.newContext(name: "import")
            try? await context.perform { context in try context.importBatch(batch) }
        }.value
    }
}
