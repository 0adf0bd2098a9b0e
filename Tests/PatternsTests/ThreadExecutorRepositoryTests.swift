import NoteStore
import TestSupport
import Testing
import ThreadExecutorStore
import Workload

/// The thread-executor row: the actor's jobs run on one dedicated thread.
@Suite("Thread executor repository")
struct ThreadExecutorRepositoryTests {
    @Test("Isolated methods run on the executor's thread, and the caller does not")
    func isolatedCodeRunsOnTheThread() async throws {
        let repository = try ThreadExecutorRepository(container: NoteContainer(location: .inMemory))
        #expect(await repository.isOnExecutorThread())
        #expect(repository.executor.isIsolatingCurrentContext() == false)
        await repository.close()
    }

    @Test("Each call from outside is exactly one job on the executor")
    func oneJobPerCall() async throws {
        let repository = try ThreadExecutorRepository(container: NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true)))
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
        let before = repository.executor.enqueuedJobs
        #expect(try await repository.title(of: NoteID(1)).hasPrefix("Note 1:"))
        #expect(try await repository.snapshot(of: NoteID(2)).id == NoteID(2))
        #expect(repository.executor.enqueuedJobs - before == 2)
        await repository.close()
    }

    @Test("Releasing the repository frees the executor, whose thread then exits")
    func closeReleases() async throws {
        weak var executor: ThreadExecutor?
        do {
            let repository = try ThreadExecutorRepository(container: NoteContainer(location: .inMemory))
            executor = repository.executor
            await repository.close()
        }
        #expect(executor == nil)
    }
}

extension ThreadExecutorRepository {
    func isOnExecutorThread() -> Bool { executor.isIsolatingCurrentContext() == true }
}
