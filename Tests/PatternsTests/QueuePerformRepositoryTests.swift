import NoteStore
import QueuePerformStore
import Testing
import Workload

/// The queue-perform pattern: one `perform` job per call, nothing touched off the queue.
@Suite("Queue perform repository")
struct QueuePerformRepositoryTests {
    let container: NoteContainer
    let repository: QueuePerformRepository

    init() async throws {
        container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
        repository = try QueuePerformRepository(container: container)
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
    }

    @Test("Each call is exactly one job on the context's queue")
    func oneJobPerCall() async throws {
        let before = repository.queueJobCount
        _ = try await repository.snapshot(of: NoteID(1))
        _ = try await repository.title(of: NoteID(2))
        try await repository.update(NoteID(3), with: NoteEdit(body: "edited", modifiedAdvance: 60))
        #expect(repository.queueJobCount - before == 3)
    }

    @Test("An update is a read-modify-write of what was saved")
    func updateReadsThenWrites() async throws {
        let before = try await repository.snapshot(of: NoteID(5))
        try await repository.update(NoteID(5), with: NoteEdit(body: "new body", modifiedAdvance: 120))
        let after = try await repository.snapshot(of: NoteID(5))
        #expect(after.body == "new body")
        #expect(after.modified == before.modified.addingTimeInterval(120))
        #expect(after.title == before.title)
    }
}
