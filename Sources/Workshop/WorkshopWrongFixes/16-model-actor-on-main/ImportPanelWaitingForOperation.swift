// A wrong fix of exercise 16 (blocking instead of awaiting): the importer is made off the
// main actor, on an operation queue's thread, so its context gets a queue of its own; but
// makeImporter() adds that operation with waitUntilFinished: true, "it only takes a
// moment". The main actor is held until another thread has opened the context.

import CustomExecutorStore
import Foundation
import NoteStore
import Synchronization
import WorkshopKit

@MainActor
final class ImportPanelWaitingForOperation: ImportScreenModel {
    private let container: NoteContainer
    private let operations = OperationQueue()

    init(container: NoteContainer) {
        self.container = container
    }

    private final class Made: Sendable {
        let importer = Mutex<Result<OperationMadeFileImporter, NoteStoreError>?>(nil)
    }

    /// Makes the importer on the operation queue's thread, and waits for it.
    private func makeOnAnotherThread() -> Result<OperationMadeFileImporter, NoteStoreError> {
        let container = container
        let made = Made()
        operations.addOperations([BlockOperation {
            let importer = Result { () throws(NoteStoreError) in try OperationMadeFileImporter(container: container) }
            made.importer.withLock { $0 = importer }
        }], waitUntilFinished: true)
        return made.importer.withLock { $0! }
    }

    func makeImporter() async throws -> OperationMadeFileImporter {
        try makeOnAnotherThread().get()
    }
}

actor OperationMadeFileImporter: FileImportingActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws(NoteStoreError) {
        context = try container.newContext(name: "importer")
        modelExecutor = ContextExecutor(context: context)
    }

    func importFile(_ lines: [String]) throws {
        try context.importBatch(NoteFile.batch(from: lines))
    }
}
