import ConcurrentStore
import NonsendingStore
import NoteStore
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
