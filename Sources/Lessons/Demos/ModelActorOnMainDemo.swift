// Lesson 16: a model actor made on the main actor runs on the main actor, when its context
// binds to the queue it is made on, as SwiftData's ModelContext does.

import CustomExecutorStore
import NoteStore
import Workload
import Support

// MARK: - BoundImporter

/// A `@ModelActor`-style importer whose context comes from wherever `init` runs.
actor BoundImporter: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    /// Synchronous and nonisolated, so it runs on the caller's thread, and makes the
    /// context there: on the main actor, a context on the main queue.
    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        modelExecutor = ContextExecutor(context: context)
    }

    /// Fix 2: a nonisolated async factory. This package does not turn on
    /// `NonisolatedNonsendingByDefault`, so it runs on the global executor, never on the
    /// caller's actor; where that feature is on, write fix 3 instead.
    nonisolated static func make(container: NoteContainer) async throws -> BoundImporter {
        try BoundImporter(container: container)
    }

    /// Fix 3: `@concurrent` runs the factory on the global executor in every mode.
    @concurrent
    static func makeConcurrently(container: NoteContainer) async throws -> BoundImporter {
        try BoundImporter(container: container)
    }

    /// Imports `batch` and reports where that ran.
    func importBatch(_ batch: NoteBatch) throws -> ModelActorOnMainDemo.Placement {
        try context.importBatch(batch)
        return ModelActorOnMainDemo.Placement(
            contextQueue: context.queue.label, ranOnMainQueue: MainQueue.isCurrent, notes: try context.fetchCount()
        )
    }
}

// MARK: - ModelActorOnMainDemo

package struct ModelActorOnMainDemo: Demo {
    /// Where one importer's work ran.
    package struct Placement: Codable, Sendable, Equatable {
        /// The label of the queue its context is confined to.
        package var contextQueue: String
        /// Whether its import ran on the main queue, the main actor's.
        package var ranOnMainQueue: Bool
        /// Notes in the database after its import.
        package var notes: Int
    }

    package struct Outcome: Codable, Sendable, Equatable {
        /// Made in `@MainActor` code: the bug.
        package var madeOnMainActor: Placement
        /// The three fixes.
        package var madeInDetachedTask: Placement
        package var madeByNonisolatedFactory: Placement
        package var madeByConcurrentFactory: Placement
    }

    package static let name = "model-actor-on-main"
    package static let lesson = 16
    package static let summary = "a model actor made on the main actor runs its work there; three ways to make it elsewhere"
    package static let source = Article.beyondTheArticles
    package static let chapter = "Docs/LabGuide.docc/ModelActorOnMain.md"
    package static let whatItDoes = """
        Opens a container whose contexts bind to the main queue when made on the main actor \
        (bindsMainActorContextsToMainQueue, SwiftData's behaviour), then makes a \
        @ModelActor-style importer four ways: in @MainActor code, in Task.detached, with a \
        nonisolated async factory and with a @concurrent one. Each importer imports ten \
        notes and reports its context's queue and whether the import ran on the main queue.
        """
    package static let why = """
        A model actor's executor is its context's queue, and SwiftData's ModelContext binds \
        to the queue of the thread that creates it. The actor's initializer is synchronous \
        and nonisolated, so it runs where it is called: from @MainActor code, the context and \
        so every job of the "background" actor land on the main queue, and the user \
        interface waits for each import. Making the actor off the main actor (Task.detached, \
        a factory that runs on the global executor) gives it a queue of its own.
        """

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let container = try NoteContainer(
            location: .inMemory, options: .init(concurrencyDebug: true, bindsMainActorContextsToMainQueue: true)
        )
        let folder = NoteBatch(folders: DemoStore.batch(notes: 1).folders)
        let setup = try container.newContext(name: "setup")
        try await setup.perform { (setup) throws(NoteStoreError) in try setup.importBatch(folder) }

        // snippet: four-ways
        let onMain = try await Self.makeOnMainActor(container: container)
        let detached = try await Task.detached { try BoundImporter(container: container) }.value
        let factory = try await BoundImporter.make(container: container)
        let concurrent = try await BoundImporter.makeConcurrently(container: container)
        // snippet: end
        var next: Int64 = 1
        func batch() -> NoteBatch {
            defer { next += 10 }
            return NoteBatch(notes: (next..<next + 10).map { id in
                NoteSnapshot(
                    id: NoteID(id), folder: FolderID(1), title: "Note \(id)", body: "",
                    created: .init(timeIntervalSince1970: 1_700_000_000), modified: .init(timeIntervalSince1970: 1_700_000_000)
                )
            })
        }
        return Outcome(
            madeOnMainActor: try await onMain.importBatch(batch()),
            madeInDetachedTask: try await detached.importBatch(batch()),
            madeByNonisolatedFactory: try await factory.importBatch(batch()),
            madeByConcurrentFactory: try await concurrent.importBatch(batch())
        )
    }

    /// The bug: the importer made in main-actor code, as a view's `.task { }` would.
    @MainActor
    static func makeOnMainActor(container: NoteContainer) throws -> BoundImporter {
        try BoundImporter(container: container)
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        func line(_ how: String, _ placement: Placement) -> String {
            "\(how): context on '\(placement.contextQueue)', import ran "
                + "\(placement.ranOnMainQueue ? "on" : "off") the main queue (\(placement.notes) notes saved)."
        }
        return [
            line("Made in @MainActor code", outcome.madeOnMainActor),
            line("Made in Task.detached", outcome.madeInDetachedTask),
            line("Made by a nonisolated async factory", outcome.madeByNonisolatedFactory),
            line("Made by a @concurrent factory", outcome.madeByConcurrentFactory),
        ]
    }
}
