// Exercise 16, a wrong fix: a queue of its own, named in the importer's initializer. The
// importer is still made on the main actor, but its context is given a queue explicitly,
// so the binding to the main queue never applies and the import runs off the main actor.
// The lab's store allows it (Core Data's private-queue contexts do the same); SwiftData's
// ModelContext(_:) takes no queue, and the lesson is where a model actor made on the main
// actor runs: make it off the main actor.
// Rejected by `executor` (the importer's context was made on the main actor).

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor FileImporterOnItsOwnQueue: FileImportingActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer", queue: ContextQueue(label: "importer"))
        modelExecutor = ContextExecutor(context: context)
    }

    func importFile(_ lines: [String]) throws {
        try context.importBatch(NoteFile.batch(from: lines))
    }
}

@MainActor
final class ImportPanelOwnQueue: ImportScreenModel {
    private let container: NoteContainer

    init(container: NoteContainer) {
        self.container = container
    }

    func makeImporter() async throws -> FileImporterOnItsOwnQueue {
        try FileImporterOnItsOwnQueue(container: container)
    }
}
