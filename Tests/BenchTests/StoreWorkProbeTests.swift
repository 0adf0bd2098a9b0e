import NoteStore
import TestSupport
import Testing
import Workload

@testable import Bench

/// The cost probe sends its trips through the queue again, from several callers, for as
/// long as its window lasts: every scenario's work must take that, imports included.
@Suite("The cost probe's store work")
struct StoreWorkProbeTests {
    @Test("Every scenario's trips can be sent through the queue again and again, from several callers at once",
          arguments: Scenario.allCases)
    func tripsRepeat(scenario: Scenario) async throws {
        let folder = try TemporaryFolder()
        let location = NoteContainer.Location.file(folder.path("probe.sqlite"))
        let work = try StoreWorkProbe(scenario: scenario, location: location)
        let trips = work.roundTrips
        for index in 0..<trips { try work.runInPlace(index) }
        // Three laps of the trips through the queue, from two callers at once.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for caller in 0..<2 {
                group.addTask {
                    for index in stride(from: caller, to: 3 * trips, by: 2) { try await work.runThroughQueue(index) }
                }
            }
            try await group.waitForAll()
        }
        work.close()

        // What the probe's plan imports: its setup, the first half once in place, the
        // second half three times through the queue, each time as notes of their own.
        let plan = ScenarioPlan(scenario: scenario, operations: 2 * trips, clients: 1, seed: 1)
        let operations = Array(plan.clients.joined())
        func imported(_ operation: ScenarioPlan.Operation) -> Int { operation.importedBatch?.notes.count ?? 0 }
        let expected = plan.setup.reduce(0) { $0 + $1.notes.count }
            + operations.prefix(trips).reduce(0) { $0 + imported($1) }
            + 3 * operations.suffix(trips).reduce(0) { $0 + imported($1) }
        let container = try NoteContainer(location: location)
        let context = try container.newContext()
        let notes = try context.performAndWait { () throws(NoteStoreError) in try context.fetchCount() }
        context.performAndWait { context.close() }
        #expect(notes == expected)
    }
}
