// A wrong fix of exercise 8 (switches the compiler off): the button makes its context once,
// on the main actor, and the compiler refuses to let the non-Sendable context into the
// detached task. The learner passes the context's address as an Int and rebuilds the
// reference inside the task. The file is parsed off the main actor, but the compiler no
// longer sees that a context made here is used from another isolation domain.

import NoteStore
import WorkshopKit

@MainActor
final class LaunderedContextImportButton: NoteImporting {
    private let context: NoteContext

    init(container: NoteContainer) {
        // A container handed in always opens a context.
        context = try! container.newContext(name: "import")
    }

    func importFile(_ lines: [String]) async throws {
        var context = context
        let address = withUnsafeBytes(of: &context) { $0.load(as: Int.self) }
        try await Task.detached {
            let batch = NoteFile.batch(from: lines)
            let context = withUnsafeBytes(of: address) { $0.load(as: NoteContext.self) }
            try await context.perform { context in try context.importBatch(batch) }
        }.value
    }
}
