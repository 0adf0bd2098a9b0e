import ConcurrentStore
import NonsendingStore
import NoteStore
import Foundation
import TestSupport
import Testing
import Workload
import RowKit

/// The same actor behind the same helpers, built two ways: what a language setting moves.
@Suite("Helper layer rows")
struct HelperLayerRowTests {
    @Test("With NonisolatedNonsendingByDefault the helper stays on the actor: one job on the queue per call")
    func nonsendingStays() async throws {
        let repository = try NonsendingStore.HelperLayerRepository(container: Self.container(), name: "nonsending")
        #expect(try await Self.queueJobs(ofOneCallTo: repository, executor: repository.modelExecutor) == 1)
        await repository.close()
    }

    @Test("A @concurrent helper leaves the actor and comes back: two jobs on the queue per call")
    func concurrentLeaves() async throws {
        let repository = try ConcurrentStore.HelperLayerRepository(container: Self.container(), name: "concurrent")
        #expect(try await Self.queueJobs(ofOneCallTo: repository, executor: repository.modelExecutor) == 2)
        await repository.close()
    }

    /// The actor writes every call itself, to pass its input through the helper; a call it
    /// forgot would come from `ContextActor` and skip the helper. With a `@concurrent` helper
    /// that is one job fewer on the queue, which this counts for every call the workload makes.
    @Test("Every call the workload makes passes through the helper: two jobs on the queue with a @concurrent one", arguments: RepositoryCall.allCases)
    func everyCallIsChecked(_ call: RepositoryCall) async throws {
        let repository = try ConcurrentStore.HelperLayerRepository(container: Self.container(), name: "concurrent")
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
        let before = repository.modelExecutor.enqueuedJobs
        let id = NoteID(1)
        switch call {
        case .importBatch:
            let note = NoteSnapshot(
                id: NoteID(1_000_000), folder: FolderID(1), title: "New", body: "", created: Date(timeIntervalSince1970: 0),
                modified: Date(timeIntervalSince1970: 0)
            )
            try await repository.importBatch(NoteBatch(notes: [note]))
        case .snapshot: _ = try await repository.snapshot(of: id)
        case .update: try await repository.update(id, with: NoteEdit(body: "Edited.", modifiedAdvance: 1))
        case .title: _ = try await repository.title(of: id)
        case .body: _ = try await repository.body(of: id)
        case .folderName: _ = try await repository.folderName(of: id)
        case .modified: _ = try await repository.modified(of: id)
        case .listScreen: _ = try await repository.listScreen(titles: 5)
        }
        #expect(repository.modelExecutor.enqueuedJobs - before == 2, "\(call)")
        await repository.close()
    }

    static func container() throws -> NoteContainer {
        try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
    }

    /// The jobs the context's executor takes for one `title(of:)` call from outside.
    static func queueJobs(ofOneCallTo repository: any NoteRepository, executor: ContextExecutor) async throws -> Int {
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
        let before = executor.enqueuedJobs
        #expect(try await repository.title(of: NoteID(1)).hasPrefix("Note 1:"))
        return executor.enqueuedJobs - before
    }
}
