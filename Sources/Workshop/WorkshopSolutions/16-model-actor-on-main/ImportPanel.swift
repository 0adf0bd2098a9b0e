// Exercise 16: a model actor made on the main actor. Lesson 16: a model actor runs on its
// context's queue, and SwiftData binds a context to the thread that creates it.
// Source: SwiftData's ModelActor, reproduced with the lab's store
// (https://developer.apple.com/documentation/swiftdata/modelactor).
//
// ImportPanel is the view model of an import screen, on the main actor as a SwiftUI view's
// is. When the screen appears it makes FileImporter, a model actor, to import files "in the
// background". `lab workshop check 16` opens a container that binds contexts made on the
// main actor to the main queue (the behaviour lesson 16 describes), imports a file through
// the importer the panel made, and counts the lines parsed on the main actor: it wants none.
//
// Keep the types' names, ImportPanel's ImportScreenModel conformance and FileImporter's
// FileImportingActor conformance: the check uses them.

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor FileImporter: FileImportingActor {
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
final class ImportPanel: ImportScreenModel {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    /// Called when the screen appears.
    func makeImporter() async throws -> FileImporter {
        let container = container
        // Detached: made here, on the main actor, the importer's context would be bound to
        // the main queue, and so would every job of the actor.
        return try await Task.detached { try FileImporter(container: container) }.value
    }
}
