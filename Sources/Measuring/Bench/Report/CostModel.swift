import Support
import Meters
import RowKit

// MARK: - CostModel

/// Predicts a row's time per operation from its counts and the costs the probes measured
/// on either side of each of its timed runs, so a reader can see what sets each row's time.
///
/// One client, or clients in turn, pay `base + hops × hop + wake-ups × wake-up`; C
/// concurrent clients pay the same with each wake-up's CPU, spread over the cores they keep
/// busy. A prediction off by more than ``tolerance`` either way is a finding.
package struct CostModel: Sendable {
    /// One actor hop, in nanoseconds: median, least and most over the probes.
    package var hop: BenchReport.Spread?
    /// One empty job through an idle queue and back, wall nanoseconds, and its CPU time.
    package var emptyRoundTrip: BenchReport.Spread?
    package var emptyRoundTripCPU: BenchReport.Spread?
    /// What a round trip adds to a job of the scenario's kind (``StoreWorkProbe``), wall
    /// nanoseconds: the empty trip plus the work running on a thread that has just woken.
    /// The model charges this one, falling back to the empty trip when no probe had work.
    package var roundTrip: BenchReport.Spread?
    /// The CPU time of that round trip, all threads, nanoseconds.
    package var roundTripCPU: BenchReport.Spread?
    /// The threads that round trip woke, per trip.
    package var wakeupsPerRoundTrip: BenchReport.Spread?
    /// The threads the empty round trip woke, per trip.
    package var emptyRoundTripWakeups: BenchReport.Spread?
    /// The cores the worked trips kept busy when the scenario's clients sent theirs at once,
    /// and how many callers that was; nil with one client.
    package var concurrentCoresBusy: BenchReport.Spread?
    package var concurrentClients: Int?

    /// A prediction within this factor of the measurement (either way) fits.
    package static let tolerance = 1.2

    package init(probes: [HopCosts]) {
        hop = BenchReport.Spread(probes.map(\.actorHopNanoseconds))
        emptyRoundTrip = BenchReport.Spread(probes.map(\.queueRoundTripNanoseconds))
        emptyRoundTripCPU = BenchReport.Spread(probes.map(\.queueRoundTripCPUNanoseconds))
        let worked = probes.compactMap(\.workedRoundTripNanoseconds)
        let workedCPU = probes.compactMap(\.workedRoundTripCPUNanoseconds)
        let complete = !probes.isEmpty && worked.count == probes.count && workedCPU.count == probes.count
        roundTrip = BenchReport.Spread(complete ? worked : probes.map(\.queueRoundTripNanoseconds))
        roundTripCPU = BenchReport.Spread(complete ? workedCPU : probes.map(\.queueRoundTripCPUNanoseconds))
        wakeupsPerRoundTrip = BenchReport.Spread(probes.compactMap(\.workedRoundTripWakeups))
        emptyRoundTripWakeups = BenchReport.Spread(probes.compactMap(\.queueRoundTripWakeups))
        concurrentCoresBusy = BenchReport.Spread(probes.compactMap(\.concurrentCoresBusy))
        concurrentClients = probes.compactMap(\.concurrentClients).max()
    }

    /// Wall nanoseconds per operation, or nil when a count or a cost is missing: the median
    /// of the predictions for each timed run of `row`.
    package func predictedNanoseconds(for row: BenchReport.RowResult, base: BenchReport.RowResult, clients: Int) -> Double? {
        if let runs = pairedRuns(of: row, base: base, clients: clients) { return Self.median(runs.map(\.predicted)) }
        return predictedNanoseconds(
            for: row, baseTime: base.nanosecondsPerOperation, wakeups: row.wakeupsPerOperation, clients: clients,
            costs: medianCosts
        )
    }

    /// Predicted ÷ measured time per operation, the median over the timed runs of each
    /// run's prediction over that run's time: 1.25 and 0.8 are the same size of miss.
    package func ratio(for row: BenchReport.RowResult, base: BenchReport.RowResult, clients: Int) -> Double? {
        if let runs = pairedRuns(of: row, base: base, clients: clients) {
            return Self.median(runs.map { $0.predicted / $0.measured })
        }
        guard let predicted = predictedNanoseconds(for: row, base: base, clients: clients),
              let measured = row.nanosecondsPerOperation
        else { return nil }
        return predicted / measured
    }

    /// Each timed run of `row`, predicted from the probes on either side of it (how fast an
    /// idle core wakes lasts about as long as a probe and a run, and not much longer) and
    /// from the run's own wake-ups. The base is its median over the rounds: a base row
    /// wakes nobody, so its time moves least with the machine, and one slow round of it
    /// would otherwise move a whole round's predictions. Nil when the runs carry no probes:
    /// then the medians of the scenario's probes stand in.
    private func pairedRuns(
        of row: BenchReport.RowResult, base: BenchReport.RowResult, clients: Int
    ) -> [(predicted: Double, measured: Double)]? {
        let paired = row.probedRuns.compactMap { run -> (predicted: Double, measured: Double)? in
            predictedNanoseconds(
                for: row, baseTime: base.nanosecondsPerOperation, wakeups: run.wakeupsPerOperation, clients: clients,
                costs: run.costs
            ).map { ($0, run.nanosecondsPerOperation) }
        }
        return !paired.isEmpty && paired.count == row.probedRuns.count ? paired : nil
    }

    /// The prediction for one run: its base's time per operation plus what the probe
    /// measured, per hop and per wake-up. `wakeups` is the run's own count per operation.
    // snippet: model
    package func predictedNanoseconds(
        for row: BenchReport.RowResult, baseTime: Double?, wakeups: Double?, clients: Int, costs: HopCosts?
    ) -> Double? {
        guard let baseTime, let hops = row.hopsPerOperation, let wakeups, let costs,
              let wakeCost = Self.wakeupCost(wakeups, calls: row.callsPerOperation, costs: costs)
        else { return nil }
        let hop = costs.actorHopNanoseconds
        guard clients > 1 && row.concurrentClients else {
            return baseTime + hops * hop + wakeCost.wall
        }
        return max(baseTime, (baseTime + hops * hop + wakeCost.cpu) / costs.coresBusy(clients: clients))
    }

    /// What `wakeups` per operation cost, wall and CPU: as many as the operation's `calls`
    /// cause when each crosses threads with its work (the worked trip's wake-ups per call)
    /// at the worked trip's cost per wake-up, and any beyond those at the empty trip's.
    package static func wakeupCost(_ wakeups: Double, calls: Double, costs: HopCosts) -> (wall: Double, cpu: Double)? {
        guard let worked = costs.wakeupNanoseconds else { return nil }
        let empty = costs.emptyWakeupNanoseconds ?? worked
        let carryingWork = min(wakeups, calls * max(1, costs.workedRoundTripWakeups ?? 1))
        let beyond = wakeups - carryingWork
        return (carryingWork * worked.wall + beyond * empty.wall, carryingWork * worked.cpu + beyond * empty.cpu)
    }
    // snippet: end

    /// The largest term of the single-client prediction for `row`, by name: `base` (the base
    /// row's own work), `hops` (hops × hop) or `wake-ups` (wake-ups × wake-up, each a thread
    /// put to sleep and woken again).
    package func dominantTerm(for row: BenchReport.RowResult, base: BenchReport.RowResult) -> String? {
        guard let baseTime = base.nanosecondsPerOperation, let hops = row.hopsPerOperation,
              let wakeups = row.wakeupsPerOperation, let costs = medianCosts,
              let wakeCost = Self.wakeupCost(wakeups, calls: row.callsPerOperation, costs: costs)
        else { return nil }
        let terms = [("base", baseTime), ("hops", hops * costs.actorHopNanoseconds), ("wake-ups", wakeCost.wall)]
        return terms.max { $0.1 < $1.1 }?.0
    }

    /// The scenario's probes in one: the median of each cost.
    private var medianCosts: HopCosts? {
        guard let hop, let emptyRoundTrip, let emptyRoundTripCPU else { return nil }
        return HopCosts(
            actorHopNanoseconds: hop.median, queueRoundTripNanoseconds: emptyRoundTrip.median,
            queueRoundTripCPUNanoseconds: emptyRoundTripCPU.median,
            workedRoundTripNanoseconds: roundTrip?.median, workedRoundTripCPUNanoseconds: roundTripCPU?.median,
            workedRoundTripWakeups: wakeupsPerRoundTrip?.median, queueRoundTripWakeups: emptyRoundTripWakeups?.median,
            concurrentClients: concurrentClients, concurrentCoresBusy: concurrentCoresBusy?.median
        )
    }

    /// The median of `values`, which is not empty.
    private static func median(_ values: [Double]) -> Double {
        guard let spread = BenchReport.Spread(values) else { preconditionFailure("the median of no value") }
        return spread.median
    }

    /// Whether predicted ÷ measured is within the tolerance.
    package static func fits(_ ratio: Double) -> Bool {
        ratio <= tolerance && ratio >= 1 / tolerance
    }
}
