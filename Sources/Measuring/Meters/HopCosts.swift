import Dispatch

// MARK: - HopCosts

/// What one actor hop and one queue round trip cost on this machine, measured by small
/// probes between the rows of a run (a shared machine changes its speed from one minute
/// to the next, so costs measured once at start-up would not describe the rows).
package struct HopCosts: Sendable, Equatable, Codable {
    /// One executor switch between the cooperative pool and a default actor, in nanoseconds.
    package var actorHopNanoseconds: Double
    /// One empty job sent to an idle serial dispatch queue and the caller resumed from it,
    /// in wall nanoseconds: mostly two thread wake-ups.
    package var queueRoundTripNanoseconds: Double
    /// The CPU time of that round trip, all threads together, in nanoseconds: what it
    /// takes from a core that concurrent clients could otherwise use.
    package var queueRoundTripCPUNanoseconds: Double
    /// The voluntary context switches that round trip causes, per trip. Nil when not probed.
    package var queueRoundTripWakeups: Double?
    /// What a round trip adds to a job that does real work, in wall nanoseconds: the work
    /// sent through a queue, minus the same work run in place. More than the empty round
    /// trip, because the work runs on a thread that has just woken, whose caches hold
    /// other data. Nil when the probe had no work to send.
    package var workedRoundTripNanoseconds: Double?
    /// The CPU time the worked round trip adds, all threads together, in nanoseconds.
    package var workedRoundTripCPUNanoseconds: Double?
    /// The voluntary context switches the worked round trip adds (threads that blocked and
    /// were woken), per trip: what turns a row's wake-ups into time.
    package var workedRoundTripWakeups: Double?
    /// The callers that sent the probe's concurrent round trips at once; nil when it sent
    /// none (one client).
    package var concurrentClients: Int?
    /// How many cores those concurrent trips kept busy: their CPU time, all threads, over
    /// their wall time. Two cores do not make two: a trip hands its work from one thread
    /// to another and back, and while one runs the other mostly waits for it.
    package var concurrentCoresBusy: Double?

    package init(
        actorHopNanoseconds: Double, queueRoundTripNanoseconds: Double, queueRoundTripCPUNanoseconds: Double,
        workedRoundTripNanoseconds: Double? = nil, workedRoundTripCPUNanoseconds: Double? = nil,
        workedRoundTripWakeups: Double? = nil, queueRoundTripWakeups: Double? = nil,
        concurrentClients: Int? = nil, concurrentCoresBusy: Double? = nil
    ) {
        self.actorHopNanoseconds = actorHopNanoseconds
        self.queueRoundTripNanoseconds = queueRoundTripNanoseconds
        self.queueRoundTripCPUNanoseconds = queueRoundTripCPUNanoseconds
        self.queueRoundTripWakeups = queueRoundTripWakeups
        self.workedRoundTripNanoseconds = workedRoundTripNanoseconds
        self.workedRoundTripCPUNanoseconds = workedRoundTripCPUNanoseconds
        self.workedRoundTripWakeups = workedRoundTripWakeups
        self.concurrentClients = concurrentClients
        self.concurrentCoresBusy = concurrentCoresBusy
    }

    /// What one wake-up costs, wall and CPU nanoseconds: the worked round trip over the
    /// wake-ups it caused, at least one (a trip whose threads caught each other while
    /// spinning woke nobody, and still cost a trip). Nil without a worked trip.
    package var wakeupNanoseconds: (wall: Double, cpu: Double)? {
        guard let wall = workedRoundTripNanoseconds, let cpu = workedRoundTripCPUNanoseconds else { return nil }
        let wakeups = max(1, workedRoundTripWakeups ?? 1)
        return (wall / wakeups, cpu / wakeups)
    }

    /// What a wake-up that carries no work costs, wall and CPU nanoseconds: the empty round
    /// trip over the wake-ups it caused, at least one. Nil when the empty trip's wake-ups
    /// were not counted.
    package var emptyWakeupNanoseconds: (wall: Double, cpu: Double)? {
        guard let queueRoundTripWakeups else { return nil }
        let wakeups = max(1, queueRoundTripWakeups)
        return (queueRoundTripNanoseconds / wakeups, queueRoundTripCPUNanoseconds / wakeups)
    }

    /// The costs a run met that came between two probes: each the mean of the probe before
    /// the run and the probe after it. How fast a thread wakes depends on what ran last:
    /// a run settles the machine into its own state, which the probe after it sees and the
    /// probe before it may not (after a row whose thread spins before it parks, the next
    /// probe's wake-ups are several times faster than the run that follows it meets).
    package static func between(_ before: HopCosts, _ after: HopCosts) -> HopCosts {
        func mean(_ a: Double?, _ b: Double?) -> Double? {
            guard let a, let b else { return a ?? b }
            return (a + b) / 2
        }
        var costs = HopCosts(
            actorHopNanoseconds: (before.actorHopNanoseconds + after.actorHopNanoseconds) / 2,
            queueRoundTripNanoseconds: (before.queueRoundTripNanoseconds + after.queueRoundTripNanoseconds) / 2,
            queueRoundTripCPUNanoseconds: (before.queueRoundTripCPUNanoseconds + after.queueRoundTripCPUNanoseconds) / 2,
            workedRoundTripNanoseconds: mean(before.workedRoundTripNanoseconds, after.workedRoundTripNanoseconds),
            workedRoundTripCPUNanoseconds: mean(before.workedRoundTripCPUNanoseconds, after.workedRoundTripCPUNanoseconds),
            workedRoundTripWakeups: mean(before.workedRoundTripWakeups, after.workedRoundTripWakeups),
            queueRoundTripWakeups: mean(before.queueRoundTripWakeups, after.queueRoundTripWakeups),
            concurrentClients: before.concurrentClients, concurrentCoresBusy: before.concurrentCoresBusy
        )
        if before.concurrentClients == after.concurrentClients {
            costs.concurrentCoresBusy = mean(before.concurrentCoresBusy, after.concurrentCoresBusy)
        }
        return costs
    }

    /// The cores the concurrent trips kept busy if `clients` callers sent them; one core
    /// when the probe sent none from that many.
    package func coresBusy(clients: Int) -> Double {
        guard concurrentClients == clients, let concurrentCoresBusy, concurrentCoresBusy > 0 else { return 1 }
        return concurrentCoresBusy
    }

    /// How long, at least, the probe sends its concurrent trips. The process's CPU time
    /// counts a thread that keeps running on another core only up to that core's last
    /// scheduler tick (Linux since 4.8: `thread_group_cputime` in kernel/sched/cputime.c;
    /// a tick every 4 ms with HZ=250), so each edge of a short window can miss or add up
    /// to a tick of another thread's time; over 100 ms a tick is 4%.
    package static let concurrentWindow: Duration = .milliseconds(100)

    /// One probe of each cost: `hops` actor calls (two hops each); `roundTrips` empty jobs
    /// through an idle queue, each awaited before the next is sent; then, with `work`,
    /// `roundTrips` runs of it in place and as many through its queue, in alternating blocks;
    /// then, with more than one of `clients`, as many again through the queue, sent by that
    /// many callers at once, who go on sending until `window` has passed on `clock`.
    @concurrent
    package static func probe<WindowClock: Clock<Duration>>(
        hops: Int = 5_000, roundTrips: Int = 300, work: (any RoundTripWork)? = nil, clients: Int = 1,
        window: Duration = concurrentWindow, clock windowClock: WindowClock = ContinuousClock()
    ) async throws -> HopCosts {
        let actor = CostProbeActor()
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<hops { await actor.touch() }
        let hop = (clock.now - start).nanoseconds / Double(2 * hops)

        let queue = DispatchQueue(label: "lab.cost-probe")
        let empty = await measure(0..<roundTrips) { _ in
            await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
        }
        var costs = HopCosts(
            actorHopNanoseconds: hop, queueRoundTripNanoseconds: empty.wall, queueRoundTripCPUNanoseconds: empty.cpu,
            queueRoundTripWakeups: empty.wakeups
        )
        if let work {
            // In pairs of blocks, in place then through the queue (ABAB, never AAAA BBBB),
            // and the median of the pairs' differences: a stall that lands in one block,
            // such as SQLite checkpointing its log during a write, is not charged to the
            // round trip.
            let block = max(1, roundTrips / 30)
            var wall: [Double] = []
            var cpu: [Double] = []
            var wakeups = 0.0
            for first in stride(from: 0, to: roundTrips, by: block) {
                let indices = first..<min(first + block, roundTrips)
                let inPlace = try await measure(indices) { index in try work.runInPlace(index) }
                let throughQueue = try await measure(indices) { index in try await work.runThroughQueue(index) }
                wall.append(throughQueue.wall - inPlace.wall)
                cpu.append(throughQueue.cpu - inPlace.cpu)
                wakeups += (throughQueue.wakeups - inPlace.wakeups) * Double(indices.count)
            }
            // A worked trip includes an empty one; when the work's own variance (an import
            // batch varies by more than a trip costs) puts the difference below the empty
            // trip, the empty trip is the better estimate.
            costs.workedRoundTripNanoseconds = max(empty.wall, median(wall))
            costs.workedRoundTripCPUNanoseconds = max(empty.cpu, median(cpu))
            // Counted over all the blocks: a block of ten trips wakes a handful of threads,
            // too few for a median of blocks to mean anything.
            costs.workedRoundTripWakeups = max(0, wakeups / Double(roundTrips))
            if clients > 1 {
                let deadline = windowClock.now.advanced(by: window)
                let together = try await measure(roundTrips, clients: clients, until: deadline, on: windowClock) { index in
                    try await work.runThroughQueue(index)
                }
                costs.concurrentClients = clients
                costs.concurrentCoresBusy = together.cpu / together.wall
            }
        }
        return costs
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Wall and CPU nanoseconds and voluntary context switches per call of `body`, over one
    /// call per index, one after another.
    private static func measure(
        _ indices: Range<Int>, _ body: (Int) async throws -> Void
    ) async rethrows -> (wall: Double, cpu: Double, wakeups: Double) {
        try await perCall(of: indices.count) {
            for index in indices { try await body(index) }
        }
    }

    /// The same, the calls shared out among `clients` callers that run at once (caller k
    /// makes the k-th, the (k + clients)-th, …), each index below `calls` once, then
    /// further indices until `deadline`: the wall time per call is then the time between
    /// two calls' ends, not one call's latency.
    private static func measure<WindowClock: Clock<Duration>>(
        _ calls: Int, clients: Int, until deadline: WindowClock.Instant, on clock: WindowClock,
        _ body: @escaping @Sendable (Int) async throws -> Void
    ) async throws -> (wall: Double, cpu: Double, wakeups: Double) {
        try await perCall {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for client in 0..<clients {
                    group.addTask {
                        var index = client
                        // A caller that another's error cancelled stops at once.
                        while !Task.isCancelled && (index < calls || clock.now < deadline) {
                            try await body(index)
                            index += clients
                        }
                        return (index - client) / clients
                    }
                }
                return try await group.reduce(0, +)
            }
        }
    }

    /// Wall and CPU nanoseconds and voluntary context switches of `calls` calls made by
    /// `run`, per call.
    private static func perCall(
        of calls: Int, _ run: () async throws -> Void
    ) async rethrows -> (wall: Double, cpu: Double, wakeups: Double) {
        try await perCall {
            try await run()
            return calls
        }
    }

    /// The same, for as many calls as `run` says it made.
    private static func perCall(
        _ run: () async throws -> Int
    ) async rethrows -> (wall: Double, cpu: Double, wakeups: Double) {
        let clock = ContinuousClock()
        let usage = ProcessUsage.now()
        let start = clock.now
        let calls = try await run()
        let count = Double(max(1, calls))
        let used = ProcessUsage.now() - usage
        return ((clock.now - start).nanoseconds / count, used.cpuNanoseconds / count, Double(used.voluntarySwitches) / count)
    }
}

// MARK: - RoundTripWork

/// A piece of real work the cost probe runs twice: in place, and as one job on a serial
/// queue. The difference is what a round trip costs a job that is not empty.
package protocol RoundTripWork: Sendable {
    /// Runs the work for `index` on the calling thread.
    func runInPlace(_ index: Int) throws
    /// Runs the same work as one job on a serial queue; returns when the job is done.
    /// Concurrent callers go on past the probe's round trips until its window ends, so
    /// `index` may exceed the work's own calls: the work wraps it to the first, and must
    /// take a call made again.
    func runThroughQueue(_ index: Int) async throws
}

private actor CostProbeActor {
    var count = 0
    func touch() { count += 1 }
}

extension Duration {
    /// The duration in nanoseconds, as a `Double`.
    package var nanoseconds: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
    }
}
