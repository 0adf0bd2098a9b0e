import CustomExecutorStore
import NoteStore
import TestSupport
import Testing
import Workload

/// The custom-executor pattern: the actor's jobs run on the context's queue, so its
/// methods use the context directly, and a call costs one job on that queue.
@Suite("Custom executor repository")
struct CustomExecutorRepositoryTests {
    let container: NoteContainer
    let repository: CustomExecutorRepository

    init() throws {
        container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
        repository = try CustomExecutorRepository(container: container)
    }

    @Test("Isolated methods run on the context's queue")
    func isolatedCodeRunsOnTheQueue() async throws {
        #expect(await repository.isOnContextQueue())
        // The test task itself runs on the cooperative pool, off the queue.
        #expect(!repository.modelExecutor.queue.isCurrent)
    }

    @Test("Each call from outside is exactly one job on the actor's executor")
    func oneJobPerCall() async throws {
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
        let executor = repository.modelExecutor
        let jobs = executor.enqueuedJobs
        // Each result is checked before the next call, so the optimizer cannot merge the
        // return to the caller with the next hop into the actor.
        #expect(try await repository.title(of: NoteID(1)).hasPrefix("Note 1:"))
        #expect(executor.enqueuedJobs == jobs + 1)
        #expect(try await repository.snapshot(of: NoteID(2)).id == NoteID(2))
        #expect(executor.enqueuedJobs == jobs + 2)
        try await repository.update(NoteID(3), with: NoteEdit(body: "edited", modifiedAdvance: 60))
        #expect(executor.enqueuedJobs == jobs + 3)
        #expect(try await repository.body(of: NoteID(3)) == "edited")
        #expect(executor.enqueuedJobs == jobs + 4)
        // Every job went to the context's queue, and nothing else did: no `perform` on top.
        #expect(executor.queue.jobCount == executor.enqueuedJobs)
    }

    @Test("Several isolated steps in one call are still one job")
    func isolatedStepsShareOneJob() async throws {
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
        let jobs = repository.modelExecutor.enqueuedJobs
        let digest = try await repository.chattyRead(of: NoteID(4))
        #expect(!digest.isEmpty)
        #expect(repository.modelExecutor.enqueuedJobs == jobs + 1)
    }
}

// MARK: - Isolated probes

extension CustomExecutorRepository {
    /// Runs isolated to the actor: on the context's queue, if the executor does its job.
    func isOnContextQueue() -> Bool {
        context.queue.isCurrent
    }

    /// Four reads in one isolated call: synchronous steps, no hop between them.
    func chattyRead(of id: NoteID) throws -> String {
        let parts = [try title(of: id), try body(of: id), try folderName(of: id), "\(try modified(of: id))"]
        return parts.joined(separator: "|")
    }
}
