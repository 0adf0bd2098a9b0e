import ChildContextStore
import Foundation
import NoteStore
import RowKit
import Testing
import ViewContextStore
import Workload

/// The rows of a screen's reads during an import: the list through the view context, which
/// merges each save, and through a child of the importing context, which waits for it.
///
/// The store's audit of waits counts for the whole process, and other suites run beside
/// these: a test asserts at least what its own row must have added. Merges are counted by
/// the row's own container.
@Suite("Rows of a screen's reads")
struct ScreenRowsTests {
    static let plan = ScenarioPlan(scenario: .uiDuringImport, operations: 3, clients: 1, seed: 3)

    @Test("view-context's list reads a view context on the main queue, which merges the import's saves there")
    func viewContext() async throws {
        let repository = try await RowDescriptor.viewContext.open(RepositoryConfiguration(location: .inMemory, concurrencyDebug: true))
        let container = try #require(repository.storeContainer)
        try await ScenarioRunner.prepare(Self.plan, on: repository)
        // One frame first, which makes the view context: every save of the run is then merged.
        _ = try await repository.listScreen(titles: 1)
        let merges = container.mainQueueMerges.count
        let run = try await ScenarioRunner.run(Self.plan, on: repository, clients: .concurrent, recorder: NoRecorder())
        let frames = try #require(run.frames)
        #expect(frames.rendered >= 1)
        #expect(frames.wrongScreens == 0)
        // The merge each save scheduled runs on the main queue, in order, before this job.
        let (onMain, merging) = try await MainActor.run { () throws -> (Bool, Bool) in
            let view = try container.viewContext
            return (view.queue.isMain, view.automaticallyMergesChanges)
        }
        #expect(onMain && merging)
        // One merge per save, on the main queue, counted by this row's container alone.
        #expect(container.mainQueueMerges.count - merges == Self.plan.operationCount)
        #expect(frames.mainQueueMerges <= container.mainQueueMerges.count - merges)
        #expect(try await ScenarioRunner.outcome(reads: run.reads, on: repository) == ReferenceModel.expectedOutcome(of: Self.plan))
        try await repository.close()
    }

    @Test("child-context's list waits for the importing context on the main thread, once per frame")
    func childContext() async throws {
        let repository = try await RowDescriptor.childContext.open(RepositoryConfiguration(location: .inMemory, concurrencyDebug: true))
        try await ScenarioRunner.prepare(Self.plan, on: repository)
        let waits = StoreAudit.blockingWaits
        let run = try await ScenarioRunner.run(Self.plan, on: repository, clients: .concurrent, recorder: NoRecorder())
        let frames = try #require(run.frames)
        #expect(frames.rendered >= 1)
        #expect(frames.wrongScreens == 0)
        #expect((StoreAudit.blockingWaits - waits).mainThread >= frames.rendered)
        #expect(try await ScenarioRunner.outcome(reads: run.reads, on: repository) == ReferenceModel.expectedOutcome(of: Self.plan))
        try await repository.close()
    }
}
