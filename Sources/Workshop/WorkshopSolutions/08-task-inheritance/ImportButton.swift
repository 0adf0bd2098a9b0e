// Exercise 8: Task versus Task.detached. Lesson 8: Task { } inherits the caller's actor;
// Task.detached does not.
// Source: "SwiftData 中的并发编程", Fatbobman.
//
// ImportButton is the view model of an Import button, on the main actor as a SwiftUI view's
// is. It starts a task to parse the file and save its notes "in the background".
// `lab workshop check 8` imports a file through it and counts the lines parsed on the main
// actor: it wants none.
//
// Keep the class's name and its NoteImporting conformance: the check uses them.

import NoteStore
import WorkshopKit

@MainActor
final class ImportButton: NoteImporting {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    /// Called when the user taps Import.
    func importFile(_ lines: [String]) async throws {
        let container = container
        // Detached: a Task { } created here would run on the main actor, as this method does.
        try await Task.detached {
            let batch = NoteFile.batch(from: lines)
            let context = try container.newContext(name: "import")
            try await context.perform { context in try context.importBatch(batch) }
        }.value
    }
}
