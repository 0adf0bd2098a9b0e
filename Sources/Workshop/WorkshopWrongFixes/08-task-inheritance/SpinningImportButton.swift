// A wrong fix of exercise 8 (blocking instead of awaiting): the file is parsed and imported
// in a detached task, off the main actor, but importFile(_:) spins on a Mutex until the
// task has put its result there, "so the button knows at once whether the import worked".
// The main actor is held for the whole import: the interface cannot draw a frame until it
// is done, which is what moving the work off the main actor was for.

import NoteStore
import Synchronization
import WorkshopKit

@MainActor
final class SpinningImportButton: NoteImporting {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    private final class Outcome: Sendable {
        let result = Mutex<Result<Void, any Error>?>(nil)

        func waitForResult() -> Result<Void, any Error> {
            while true {
                if let result = result.withLock({ $0 }) { return result }
            }
        }
    }

    func importFile(_ lines: [String]) async throws {
        let container = container
        let outcome = Outcome()
        Task.detached {
            do {
                let batch = NoteFile.batch(from: lines)
                let context = try container.newContext(name: "import")
                try await context.perform { context in try context.importBatch(batch) }
                outcome.result.withLock { $0 = .success(()) }
            } catch {
                outcome.result.withLock { $0 = .failure(error) }
            }
        }
        try outcome.waitForResult().get()
    }
}
