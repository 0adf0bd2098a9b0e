import CustomExecutorStore
import NoteStore
import TestSupport
import TaskExecutorStore
import Testing
import Workload
import RowKit

/// The task-executor row: the custom-executor actor called from tasks that prefer its executor.
@Suite("Task executor row")
struct TaskExecutorRowTests {
    @Test("A task that prefers the context's executor runs its own code on the context's queue")
    func clientRunsOnTheQueue() async throws {
        let repository = try CustomExecutorRepository(container: NoteContainer(location: .inMemory))
        let executor = repository.modelExecutor
        let onQueue = await withTaskExecutorPreference(executor) { executor.queue.isCurrent }
        #expect(onQueue)
        #expect(!executor.queue.isCurrent)
        await repository.close()
    }

    @Test("From a preferring task, each call is one job on the queue: the return, none to enter")
    func oneJobPerCall() async throws {
        let repository = try CustomExecutorRepository(container: NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true)))
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
        let executor = repository.modelExecutor
        let jobs = try await withTaskExecutorPreference(executor) { () async throws -> Int in
            let before = executor.enqueuedJobs
            for id in 1...4 {
                // Each result is checked before the next call, so no two calls merge.
                #expect(try await repository.title(of: NoteID(Int64(id))).hasPrefix("Note \(id):"))
            }
            return executor.enqueuedJobs - before
        }
        #expect(jobs == 4)
        await repository.close()
    }

    @Test("The row's clients prefer the executor of the repository it opened")
    func rowProvidesTheExecutor() async throws {
        let repository = try await RowDescriptor.taskExecutor.open(RepositoryConfiguration(location: .inMemory))
        guard case .concurrentPreferring(let executor) = RowDescriptor.taskExecutor.clients else {
            Issue.record("the row's clients do not prefer an executor")
            return
        }
        #expect(executor(repository) === (repository as? CustomExecutorRepository)?.modelExecutor)
        try await repository.close()
    }
}
