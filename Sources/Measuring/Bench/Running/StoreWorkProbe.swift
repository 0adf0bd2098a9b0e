import RowKit
import Synchronization
import Support
import Meters
import NoteStore
import Workload

// MARK: - StoreWorkProbe

/// The job the cost probes send through a queue: the first repository call of one of the
/// scenario's operations (a note read, a property read, an update, an import), made through
/// the lab's store on a private database that holds the scenario's setup data.
///
/// The probe runs each call through `performAndWait` (in place, on the calling thread) and
/// through `perform` (a job on the context's queue); the difference is what the cost model
/// charges a row for each of its queue round trips in that scenario. An empty job would
/// charge too little, and one figure for every scenario would too: the work of a real job
/// runs on a thread that has just woken, and the bigger the job, the more that costs.
package final class StoreWorkProbe: RoundTripWork {
    private let container: NoteContainer
    // Touched only inside `perform` and `performAndWait`, on the context's queue, which runs
    // one call at a time even when several callers send theirs at once; the compiler cannot
    // see that.
    private nonisolated(unsafe) let context: NoteContext
    private let operations: [ScenarioPlan.Operation]
    /// One more than the largest identifier the plan uses: each trip through the queue
    /// moves its import's identifiers this far times its number, past every other's.
    private let identifierSpan: Int64
    /// The trips sent through the queue so far, from any caller.
    private let tripsThroughQueue = Atomic(0)

    /// The seed of the probe's plan: fixed, and not a run's, so the probe's notes are never
    /// a row's.
    package static let seed: UInt64 = 1

    /// How many round trips the probe makes (`ScenarioDefinition.probeRoundTrips`).
    package let roundTrips: Int

    /// Opens the probe's database at `location` and writes the scenario's setup data; its
    /// list reads return `listTitles` titles, as the run's do.
    package init(scenario: Scenario, listTitles: Int = ScenarioPlan.standardListTitles, location: NoteContainer.Location) throws {
        roundTrips = scenario.definition.probeRoundTrips
        let plan = ScenarioPlan(
            scenario: scenario, operations: 2 * roundTrips, clients: 1, seed: Self.seed, listTitles: listTitles
        )
        container = try NoteContainer(location: location)
        let context = try container.newContext(name: "cost-probe")
        for batch in plan.setup {
            try context.performAndWait { () throws(NoteStoreError) in try context.importBatch(batch) }
        }
        self.context = context
        operations = Array(plan.clients.joined())
        let identifiers = plan.setup.map(\.largestIdentifier) + operations.map(\.largestIdentifier)
        identifierSpan = (identifiers.max() ?? 0) + 1
    }

    package func runInPlace(_ index: Int) throws {
        let operation = operations[index % operations.count]
        try context.performAndWait { () throws(NoteStoreError) in try operation.makeFirstCall(on: context) }
    }

    /// The probe sends these trips again (from several callers at once, for as long as its
    /// window lasts), and an import cannot write the same notes twice: each trip's import
    /// writes notes and folders of its own, the plan's moved past every other trip's.
    package func runThroughQueue(_ index: Int) async throws {
        let trip = tripsThroughQueue.wrappingAdd(1, ordering: .relaxed).oldValue
        let planned = operations[(index + operations.count / 2) % operations.count]  // not the ones made in place
        let operation = planned.withIdentifiers(shiftedBy: Int64(trip + 1) * identifierSpan, trip: trip)
        try await context.perform { context throws(NoteStoreError) in try operation.makeFirstCall(on: context) }
    }

    /// Closes the probe's connection.
    package func close() {
        context.performAndWait { context.close() }
    }
}
