import Dispatch

// MARK: - HopCosts

/// What one actor hop and one queue round trip cost on this machine, measured by small
/// probes between the rows of a run (a shared machine changes its speed from one minute
/// to the next, so costs measured once at start-up would not describe the rows).
public struct HopCosts: Sendable, Equatable, Codable {
    /// One executor switch between the cooperative pool and a default actor, in nanoseconds.
    public var actorHopNanoseconds: Double
    /// One job sent to an idle serial dispatch queue and the caller resumed from it, in
    /// wall nanoseconds: mostly two thread wake-ups.
    public var queueRoundTripNanoseconds: Double
    /// The CPU time the same round trip costs, all threads together, in nanoseconds: what
    /// it takes from a core that concurrent clients could otherwise use.
    public var queueRoundTripCPUNanoseconds: Double

    public init(actorHopNanoseconds: Double, queueRoundTripNanoseconds: Double, queueRoundTripCPUNanoseconds: Double) {
        self.actorHopNanoseconds = actorHopNanoseconds
        self.queueRoundTripNanoseconds = queueRoundTripNanoseconds
        self.queueRoundTripCPUNanoseconds = queueRoundTripCPUNanoseconds
    }

    /// One probe of each cost: `hops` actor calls (two hops each), then `roundTrips` jobs
    /// through an idle queue, each awaited before the next is sent.
    @concurrent
    public static func probe(hops: Int = 5_000, roundTrips: Int = 300) async -> HopCosts {
        let actor = CostProbeActor()
        let queue = DispatchQueue(label: "lab.cost-probe")
        let clock = ContinuousClock()
        var start = clock.now
        for _ in 0..<hops { await actor.touch() }
        let hop = (clock.now - start).nanoseconds / Double(2 * hops)

        let usage = ProcessUsage.now()
        start = clock.now
        for _ in 0..<roundTrips {
            await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
        }
        let roundTrip = (clock.now - start).nanoseconds / Double(roundTrips)
        let cpu = (ProcessUsage.now() - usage).cpuNanoseconds / Double(roundTrips)
        return HopCosts(actorHopNanoseconds: hop, queueRoundTripNanoseconds: roundTrip, queueRoundTripCPUNanoseconds: cpu)
    }
}

private actor CostProbeActor {
    var count = 0
    func touch() { count += 1 }
}

extension Duration {
    /// The duration in nanoseconds, as a `Double`.
    public var nanoseconds: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
    }
}
