import CustomExecutorStore
import NoteStore
import Workload

/// One frame of a list: the number of notes, and the titles of the first notes by
/// identifier.
public typealias ListScreen = Workload.ListScreen

// MARK: - LiveListShowing

/// What exercise 19 asks of the learner's type: a main-actor list that shows the count and
/// the first titles while an importer saves batch after batch.
@MainActor
public protocol LiveListShowing: AnyObject {
    /// The titles a frame shows: the first 50 notes by identifier.
    nonisolated static var titlesShown: Int { get }
    init(container: NoteContainer, importer: BatchImporter) throws
    /// Reads the count and the first ``titlesShown`` titles, and shows them: one frame.
    /// Called 120 times a second while the import runs.
    func refresh() async throws
    /// What the list shows now.
    var screen: ListScreen { get }
}

extension LiveListShowing {
    public nonisolated static var titlesShown: Int { 50 }
}

// MARK: - BatchImporter

/// The writer of exercise 19: a model actor (its executor is its context's queue, as
/// SwiftData's `@ModelActor`'s is) that saves one batch of notes per call, each in one
/// transaction. The check imports through it while the list shows.
public actor BatchImporter: NoteModelActor {
    public nonisolated let modelExecutor: ContextExecutor
    public let context: NoteContext

    public init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        modelExecutor = ContextExecutor(context: context)
    }

    /// Inserts the batch's folders and notes and saves them, in one job of the importer's
    /// queue: one write transaction.
    public func importBatch(_ batch: NoteBatch) throws {
        try context.importBatch(batch)
    }
}
