import NoteStore
import TestSupport
import PlainActorStore
import Testing
import Workload

/// The plain-actor pattern: mutual exclusion from the actor, queue confinement from
/// `perform`, and the naive version that forgets the second half.
@Suite("Plain actor repository")
struct PlainActorRepositoryTests {
    let container: NoteContainer
    let repository: PlainActorRepository

    init() throws {
        container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
        repository = try PlainActorRepository(container: container)
    }

    @Test("Each call is exactly one perform job on the context's queue")
    func oneJobPerCall() async throws {
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
        let before = await repository.queueJobCount
        _ = try await repository.snapshot(of: NoteID(1))
        _ = try await repository.folderName(of: NoteID(2))
        try await repository.update(NoteID(3), with: NoteEdit(body: "edited", modifiedAdvance: 60))
        #expect(await repository.queueJobCount - before == 3)
    }
}

/// Lesson 3: the actor that touches its context directly. It compiles without a warning;
/// only the store's concurrency-debug mode shows that every method runs off the queue.
@Suite("Naive plain actor repository")
struct NaivePlainActorRepositoryTests {
    @Test("It traps at its first use of the context when concurrency debug is on")
    func trapsInDebugMode() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
            let repository = try NaivePlainActorRepository(container: container)
            _ = try await repository.count()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(ConcurrencyDebug.trapPrefix))
        #expect(message.contains("NoteContext.fetchCount"))
        #expect(message.contains("naive-plain-actor"))
    }

    @Test("Without concurrency debug, a one-client run hides the bug")
    func bugHidesWithoutDebugMode() async throws {
        // One client, so nothing else ever runs on the context's queue and nothing
        // collides: the run passes. That is the trap of lesson 3, not a clean bill of health.
        let container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: false))
        let repository = try NaivePlainActorRepository(container: container)
        let plan = ScenarioPlan(scenario: .update, operations: 20, clients: 1, seed: 5)
        let outcome = try await ScenarioRunner.outcome(of: plan, on: repository)
        await repository.close()
        #expect(outcome == ReferenceModel.expectedOutcome(of: plan))
    }
}
