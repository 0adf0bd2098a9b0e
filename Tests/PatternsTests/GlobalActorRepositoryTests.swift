import GlobalActorStore
import NoteStore
import TestSupport
import Testing
import Workload

/// The global-actor pattern: `@DatabaseActor` code runs on one process-wide context queue,
/// isolated types call each other synchronously, and stores come and go under it.
@Suite("Global actor repository")
struct GlobalActorRepositoryTests {
    let container: NoteContainer

    init() throws {
        container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
    }

    @Test("DatabaseActor code runs on the database queue")
    @DatabaseActor
    func isolatedCodeRunsOnTheQueue() {
        #expect(DatabaseActor.queue.isCurrent)
        DatabaseActor.preconditionIsolated()
    }

    @Test("Inside the actor, the repository and its helper are called without await")
    @DatabaseActor
    func isolatedCallersNeedNoAwait() throws {
        // No `await` below: every call stays on the actor's executor, so none can hop.
        let setup = ScenarioPlan(scenario: .chatty, operations: 1, clients: 1, seed: 3).setup
        let repository = try GlobalActorRepository(container: container)
        try repository.importBatch(setup[0])  // the folders
        try repository.importBatch(setup[1])  // the first batch of notes
        let snapshot = try repository.snapshot(of: NoteID(7))
        #expect(try repository.title(of: NoteID(7)) == snapshot.title)
        #expect(try repository.folderName(of: NoteID(7)) == "Folder \(snapshot.folder.rawValue)")
        #expect(try repository.count() == Scenario.batchSize)
        repository.close()
    }

    @Test("A perform closure on the database queue counts as isolated to DatabaseActor")
    func performOnTheQueueIsIsolated() async throws {
        // A context confined to the actor's queue: `perform` runs its closure there. The
        // runtime cannot know that from the task, so it asks the executor (`checkIsolated`).
        let context = try container.newContext(name: "probe", queue: DatabaseActor.queue)
        let count = try await context.perform { (context) throws(NoteStoreError) -> Int in
            DatabaseActor.preconditionIsolated()
            return try context.fetchCount()
        }
        #expect(count == 0)
        // `assumeIsolated` lets that closure call `@DatabaseActor` code synchronously.
        let onQueue = await context.perform { _ in
            DatabaseActor.assumeIsolated { isolatedProbe() }
        }
        #expect(onQueue)
    }

    @Test("A second repository opens on the same executor after the first is closed")
    func reopensUnderTheSameExecutor() async throws {
        weak var released: GlobalActorRepository?
        do {
            let first = try await GlobalActorRepository(container: container)
            released = first
            try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: first)
            await first.close()
        }
        #expect(released == nil)

        let jobs = DatabaseActor.executor.enqueuedJobs
        let other = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
        let second = try await GlobalActorRepository(container: other)
        let plan = ScenarioPlan(scenario: .mixed, operations: 40, clients: 4, seed: 9)
        #expect(try await ScenarioRunner.outcome(of: plan, on: second) == ReferenceModel.expectedOutcome(of: plan))
        await second.close()
        #expect(DatabaseActor.executor.enqueuedJobs > jobs)
    }
}

/// Synchronous `@DatabaseActor` code: callable only from the actor, or where it can prove
/// it is on the actor's executor.
@DatabaseActor
private func isolatedProbe() -> Bool {
    DatabaseActor.queue.isCurrent
}
