// A wrong fix of exercise 8 (blocking instead of moving the work): the file is parsed in a
// private queue's sync, which runs the block on the main actor's own thread under another
// queue's name. The check refuses it: `source`, a synchronous queue call.

import Dispatch
import NoteStore
import WorkshopKit

@MainActor
final class PrivateQueueImporter: NoteImporting {
    private let container: NoteContainer
    private let parser = DispatchQueue(label: "parser")

    init(container: NoteContainer) {
        self.container = container
    }

    func importFile(_ lines: [String]) async throws {
        // Runs on the main thread, but under another queue's identity.
        let batch = parser.sync { NoteFile.batch(from: lines) }
        let context = try container.newContext(name: "import")
        try await context.perform { context in try context.importBatch(batch) }
    }
}
