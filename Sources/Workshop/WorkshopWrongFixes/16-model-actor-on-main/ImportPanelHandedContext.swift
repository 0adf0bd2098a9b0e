// Exercise 16, a wrong fix: the importer's context is made off the main actor, in a
// @concurrent function, and handed to an importer made on the main actor, "so the context
// is never bound to the main queue". Its jobs run on the context's own queue, and the
// context's own record says it was made off the main actor; the actor was not. SwiftData's
// @ModelActor adds the actor's initializer (Apple's ModelActor() page lists `init` among the
// members it generates; what that initializer does, Apple does not document), and lesson 16
// is where a model actor made on the main actor runs: make the importer off the main actor.
// Rejected by `executor` (the importer's executor was made on the main actor).

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor FileImporterWithAHandedContext: FileImportingActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(context: sending NoteContext) {
        self.context = context
        modelExecutor = ContextExecutor(context: context)
    }

    func importFile(_ lines: [String]) throws {
        try context.importBatch(NoteFile.batch(from: lines))
    }
}

@MainActor
final class ImportPanelHandedContext: ImportScreenModel {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func makeImporter() async throws -> FileImporterWithAHandedContext {
        FileImporterWithAHandedContext(context: try await Self.makeContext(in: container))
    }

    @concurrent
    private static func makeContext(in container: NoteContainer) async throws -> sending NoteContext {
        try container.newContext(name: "importer")
    }
}
