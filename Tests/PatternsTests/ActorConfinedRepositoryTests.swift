import ActorConfinedStore
import NoteStore
import TestSupport
import Testing
import Workload

/// The actor-confined row: the context belongs to an actor's default executor, not a queue.
@Suite("Actor-confined repository")
struct ActorConfinedRepositoryTests {
    @Test("Isolated to its actor, a confined context passes the debug check and sends nothing to its queue")
    func isolatedUseNeedsNoQueue() async throws {
        let container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
        let repository = try ActorConfinedRepository(container: container)
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
        let jobs = await repository.queueJobs()
        #expect(try await repository.title(of: NoteID(1)).hasPrefix("Note 1:"))
        #expect(await repository.queueJobs() == jobs)
        await repository.close()
    }

    @Test("Off its actor, debug mode stops the process when a confined context is touched")
    func offTheActorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
            let owner = try ActorConfinedRepository(container: container)
            let context = try container.newContext(name: "trap")
            context.confine(to: owner)
            _ = try context.fetchCount()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(ConcurrencyDebug.actorTrapPrefix) && message.contains("ActorConfinedRepository"))
    }

    @Test("On its own queue, a context confined to an actor still traps: the queue is not where it belongs")
    func itsQueueIsNotItsActor() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
            let owner = try ActorConfinedRepository(container: container)
            let context = try container.newContext(name: "trap")
            context.confine(to: owner)
            _ = try context.performAndWait { () throws(NoteStoreError) in try context.fetchCount() }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(ConcurrencyDebug.actorTrapPrefix) && message.contains("ActorConfinedRepository"))
    }
}

extension ActorConfinedRepository {
    /// Jobs sent to the context's queue so far: none, for a context confined to the actor.
    func queueJobs() -> Int { context.queue.jobCount }
}
