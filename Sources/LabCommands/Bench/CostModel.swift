import Harness

// MARK: - CostModel

/// Predicts a row's time per operation from its counts and the costs the probes measured
/// between the rounds, so a reader can see what sets each row's time.
///
/// - One client, or clients that run one after another: the row does its base row's work
///   (``RowDescriptor/modelBase``: the store alone, or the SQL alone) and adds its own
///   hops and queue round trips, one after another:
///   `base + hops × hop + dispatches × round trip`.
/// - C concurrent clients: the work on the one connection is serial, so no row is faster
///   than its base; the rest is CPU that min(C, cores) cores share. Per operation,
///   `max(base, (base + hops × hop + dispatches × round-trip CPU) ÷ min(C, cores))`, and
///   by Little's law each operation then takes C times that from its client's view.
///
/// The model is compared as predicted ÷ measured, so that over- and under-prediction by the
/// same factor read alike; beyond ``tolerance`` it is a finding: something besides hops and
/// wake-ups sets that row's time.
struct CostModel: Sendable {
    /// One actor hop, in nanoseconds: median, least and most over the probes.
    var hop: BenchReport.Spread?
    /// One empty job through an idle queue and back, wall nanoseconds, and its CPU time.
    var emptyRoundTrip: BenchReport.Spread?
    var emptyRoundTripCPU: BenchReport.Spread?
    /// What a round trip adds to a job of the scenario's kind (``StoreWorkProbe``), wall
    /// nanoseconds: the empty trip plus the work running on a thread that has just woken.
    /// The model charges this one, falling back to the empty trip when no probe had work.
    var roundTrip: BenchReport.Spread?
    /// The CPU time of that round trip, all threads, nanoseconds.
    var roundTripCPU: BenchReport.Spread?
    var cores: Int

    /// A prediction within this factor of the measurement (either way) fits.
    static let tolerance = 1.2

    init(probes: [HopCosts], cores: Int) {
        hop = BenchReport.Spread(probes.map(\.actorHopNanoseconds))
        emptyRoundTrip = BenchReport.Spread(probes.map(\.queueRoundTripNanoseconds))
        emptyRoundTripCPU = BenchReport.Spread(probes.map(\.queueRoundTripCPUNanoseconds))
        let worked = probes.compactMap(\.workedRoundTripNanoseconds)
        let workedCPU = probes.compactMap(\.workedRoundTripCPUNanoseconds)
        let complete = !probes.isEmpty && worked.count == probes.count && workedCPU.count == probes.count
        roundTrip = BenchReport.Spread(complete ? worked : probes.map(\.queueRoundTripNanoseconds))
        roundTripCPU = BenchReport.Spread(complete ? workedCPU : probes.map(\.queueRoundTripCPUNanoseconds))
        self.cores = max(1, cores)
    }

    /// Wall nanoseconds per operation, or nil when a count or a cost is missing.
    // snippet: model
    func predictedNanoseconds(for row: BenchReport.RowResult, base: BenchReport.RowResult, clients: Int) -> Double? {
        guard let baseTime = base.nanosecondsPerOperation, let hops = row.hopsPerOperation,
              let hop = hop?.median, let roundTrip = roundTrip?.median, let roundTripCPU = roundTripCPU?.median
        else { return nil }
        let dispatches = row.queueDispatchesPerOperation ?? 0
        guard clients > 1 && row.concurrentClients else {
            return baseTime + hops * hop + dispatches * roundTrip
        }
        let shared = (baseTime + hops * hop + dispatches * roundTripCPU) / Double(min(clients, cores))
        return max(baseTime, shared)
    }
    // snippet: end

    /// Whether predicted ÷ measured is within the tolerance.
    static func fits(_ ratio: Double) -> Bool {
        ratio <= tolerance && ratio >= 1 / tolerance
    }
}
