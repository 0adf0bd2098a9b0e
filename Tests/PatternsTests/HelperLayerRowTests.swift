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
    /// that is one job fewer on the queue, which this counts for every call the workload
    /// makes: each operation of a short plan of every scenario, made as the runner makes it
    /// (the scenarios make every call but the list's, ScenarioPlanTests hold), and the
    /// list's read.
    @Test("Every call the workload makes passes through the helper: two jobs on the queue with a @concurrent one", arguments: Scenario.allCases)
    func everyCallIsChecked(_ scenario: Scenario) async throws {
        let repository = try ConcurrentStore.HelperLayerRepository(container: Self.container(), name: "concurrent")
        let plan = ScenarioPlan(scenario: scenario, operations: 10, clients: 1, seed: 3)
        try await ScenarioRunner.prepare(plan, on: repository)
        var reads = Checksum()
        for operation in plan.clients[0] {
            let before = repository.modelExecutor.enqueuedJobs
            try await operation.perform(on: repository, reads: &reads)
            #expect(repository.modelExecutor.enqueuedJobs - before == 2 * operation.calls.count, "\(operation.calls)")
        }
        let before = repository.modelExecutor.enqueuedJobs
        _ = try await repository.listScreen(titles: 5)
        #expect(repository.modelExecutor.enqueuedJobs - before == 2, "the list's read")
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
