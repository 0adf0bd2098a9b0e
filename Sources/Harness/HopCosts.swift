import Dispatch

// MARK: - HopCosts

/// What one actor hop and one queue dispatch cost on this machine, measured at start-up so
/// the cost model predicts each row from its counts: SQL time (the raw-sqlite row) plus
/// hops × hop cost plus dispatches × dispatch cost.
public struct HopCosts: Sendable, Equatable {
    /// One executor switch between the cooperative pool and a default actor, in nanoseconds.
    public var actorHopNanoseconds: Double
    /// One job sent to an idle serial dispatch queue and resumed from it, in nanoseconds.
    public var queueDispatchNanoseconds: Double

    public init(actorHopNanoseconds: Double, queueDispatchNanoseconds: Double) {
        self.actorHopNanoseconds = actorHopNanoseconds
        self.queueDispatchNanoseconds = queueDispatchNanoseconds
    }

    /// The median of five rounds of each probe.
    @concurrent
    public static func measure(calls: Int = 20_000) async -> HopCosts {
        let actor = CostProbeActor()
        let queue = DispatchQueue(label: "lab.cost-probe")
        var hops: [Double] = []
        var dispatches: [Double] = []
        for _ in 0..<5 {
            let clock = ContinuousClock()
            var start = clock.now
            for _ in 0..<calls { await actor.touch() }
            hops.append(nanoseconds(clock.now - start) / Double(2 * calls))

            start = clock.now
            for _ in 0..<calls / 10 {
                await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
            }
            dispatches.append(nanoseconds(clock.now - start) / Double(calls / 10))
        }
        return HopCosts(actorHopNanoseconds: median(hops), queueDispatchNanoseconds: median(dispatches))
    }

    /// The time per operation the model predicts for a row.
    // snippet: model
    public func predictedNanoseconds(sqlNanoseconds: Double, hops: Double, dispatches: Double) -> Double {
        sqlNanoseconds + hops * actorHopNanoseconds + dispatches * queueDispatchNanoseconds
    }
    // snippet: end

    private static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }
}

private actor CostProbeActor {
    var count = 0
    func touch() { count += 1 }
}
