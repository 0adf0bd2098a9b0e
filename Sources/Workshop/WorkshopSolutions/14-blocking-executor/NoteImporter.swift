// Exercise 14: an executor that waits. Lesson 4: a custom executor runs an actor's jobs on
// the context's queue; how it hands them over matters.
// Sources: "SwiftData 中的并发编程", Fatbobman; "ActorでCoreDataをスレッドから解放しよう", Himeshi.
//
// NoteImporter and TitleIndexer are actors on executors of their own, each built on a
// context queue, like the lab's ContextExecutor but waiting for every job, as
// performAndWait does. The importer asks the indexer to index each batch, and the indexer
// asks the importer for the titles. `lab workshop check 14` imports the notes: make the
// import finish, with every note saved and indexed.
//
// Keep the importer's name and its IndexedImporting conformance: the check uses them.

import NoteStore
import WorkshopKit

/// Runs an actor's jobs on a context queue.
final class WaitingExecutor: SerialExecutor {
    let queue: ContextQueue

    init(queue: ContextQueue) {
        self.queue = queue
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        // Hand the job over and return, as ContextExecutor does. Waiting for it (queue.sync)
        // runs it on the enqueuing thread, nested in whatever job that thread is running:
        // when the job calls back into that actor, its queue waits for itself.
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

actor NoteImporter: IndexedImporting {
    private let context: NoteContext
    private let executor: WaitingExecutor
    private let indexer = TitleIndexer()

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        executor = WaitingExecutor(queue: context.queue)
    }

    func importBatch(_ batch: NoteBatch) async throws {
        try context.importBatch(batch)
        await indexer.index(batch.notes.map(\.id), from: self)
    }

    func title(of id: NoteID) throws -> String {
        try context.existingObject(with: id).title
    }

    func indexedCount() async -> Int {
        await indexer.count
    }
}

/// Titles by note, for search.
actor TitleIndexer {
    private let executor = WaitingExecutor(queue: ContextQueue(label: "indexer"))
    private var titles: [NoteID: String] = [:]

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    var count: Int { titles.count }

    func index(_ ids: [NoteID], from importer: NoteImporter) async {
        for id in ids {
            titles[id] = try? await importer.title(of: id)
        }
    }
}
