import CustomExecutorStore
import ModelActorOnMainStore
import NoteStore
import RowKit
import Testing
import Workload

/// The model-actor-on-main row: lesson 16's mistake, as a row of the table.
@Suite("Model actor on main row")
struct ModelActorOnMainRowTests {
    @Test("The row's actor is made on the main actor, so its context and every call are on the main queue")
    func actorRunsOnTheMainQueue() async throws {
        let opened = try await RowDescriptor.modelActorOnMain.open(RepositoryConfiguration(location: .inMemory, concurrencyDebug: true))
        let repository = try #require(opened as? CustomExecutorRepository)
        #expect(repository.modelExecutor.queue.isMain)
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
        let before = repository.modelExecutor.enqueuedJobs
        for id in 1...4 {
            #expect(try await repository.title(of: NoteID(Int64(id))).hasPrefix("Note \(id):"))
        }
        #expect(repository.modelExecutor.enqueuedJobs == before + 4, "one job on the main queue per call")
        await repository.close()
    }

    @Test("The same actor made off the main actor, in the same kind of container, has a queue of its own")
    func madeElsewhereItHasItsOwnQueue() async throws {
        let container = try NoteContainer(location: .inMemory, options: .init(bindsMainActorContextsToMainQueue: true))
        let repository = try await Task.detached { try CustomExecutorRepository(container: container) }.value
        #expect(!repository.modelExecutor.queue.isMain)
        await repository.close()
    }
}
