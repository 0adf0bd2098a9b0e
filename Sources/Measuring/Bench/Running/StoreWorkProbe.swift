import RowKit
import Support
import Harness
import NoteStore
import Workload

// MARK: - StoreWorkProbe

/// The job the cost probes send through a queue: one call of a scenario's kind (a note
/// read, a property read, an update, an import), made through the lab's store on a
/// private database that holds the scenario's setup data.
///
/// The probe runs each call through `performAndWait` (in place, on the calling thread) and
/// through `perform` (a job on the context's queue); the difference is what the cost model
/// charges a row for each of its queue round trips in that scenario. An empty job would
/// charge too little, and one figure for every scenario would too: the work of a real job
/// runs on a thread that has just woken, and the bigger the job, the more that costs.
package final class StoreWorkProbe: RoundTripWork {
    private let container: NoteContainer
    // Touched only inside `perform` and `performAndWait`, on the context's queue, one call
    // at a time (the probe awaits each before the next); the compiler cannot see that.
    private nonisolated(unsafe) let context: NoteContext
    private let calls: [Call]

    /// The calls the probe makes, one kind per scenario.
    package enum Call: Sendable {
        case snapshot(NoteID)
        case title(NoteID)
        case update(NoteID, NoteEdit)
        case importBatch(NoteBatch)
    }

    /// How many round trips a probe of `scenario` makes: fewer for the larger jobs.
    package static func roundTrips(for scenario: Scenario) -> Int {
        scenario == .importBatch ? 20 : 300
    }

    /// Opens the probe's database at `location` and writes the scenario's setup data.
    package init(scenario: Scenario, location: NoteContainer.Location) throws {
        let count = Self.roundTrips(for: scenario)
        let plan = ScenarioPlan(scenario: scenario, operations: 2 * count, clients: 1, seed: 1)
        container = try NoteContainer(location: location)
        let context = try container.newContext(name: "cost-probe")
        for batch in plan.setup {
            try context.performAndWait { () throws(NoteStoreError) in try context.importBatch(batch) }
        }
        self.context = context
        calls = plan.clients.flatMap { $0 }.map(Self.call)
    }

    /// The probe's call for one operation of a plan.
    private static func call(for operation: ScenarioPlan.Operation) -> Call {
        switch operation {
        case .pointRead(let id): .snapshot(id)
        case .chatty(let id): .title(id)  // one of the four calls of a chatty operation
        case .update(let id, let edit): .update(id, edit)
        case .importBatch(let batch): .importBatch(batch)
        case .sync(let write): call(for: write)  // the writer's call; the reader makes none
        }
    }

    package func runInPlace(_ index: Int) throws {
        let call = calls[index % calls.count]
        try context.performAndWait { () throws(NoteStoreError) in try Self.make(call, on: context) }
    }

    package func runThroughQueue(_ index: Int) async throws {
        let call = calls[(index + calls.count / 2) % calls.count]  // not the calls made in place
        try await context.perform { context throws(NoteStoreError) in try Self.make(call, on: context) }
    }

    private static func make(_ call: Call, on context: NoteContext) throws(NoteStoreError) {
        switch call {
        case .snapshot(let id): _ = try context.existingObject(with: id).snapshot
        case .title(let id): _ = try context.existingObject(with: id).title
        case .update(let id, let edit): try context.apply(edit, to: id)
        case .importBatch(let batch): try context.importBatch(batch)
        }
    }

    /// Closes the probe's connection.
    package func close() {
        context.performAndWait { context.close() }
    }
}
