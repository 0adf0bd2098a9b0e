// A wrong fix of exercise 8 (returns before its work is done): the file is parsed off the
// main actor in a detached task, as the lesson asks, but the import is handed to the
// context's queue with perform(schedule:) and the task returns at once, "the save can
// finish in the background". importFile(_:) returns while the notes are still queued, and
// an import that fails is lost in the scheduled closure.

import NoteStore
import WorkshopKit

@MainActor
final class ScheduledSaveImportButton: NoteImporting {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func importFile(_ lines: [String]) async throws {
        let container = container
        try await Task.detached {
            let batch = NoteFile.batch(from: lines)
            let context = try container.newContext(name: "import")
            context.perform(schedule: { context in
                do {
                    try context.importBatch(batch)
                } catch {
                    context.rollback()
                }
            })
        }.value
    }
}
