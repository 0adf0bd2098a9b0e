import Baselines
import Foundation
import Meters
import NoteStore
import RowKit
import Support
import Testing
import Workload

@testable import Bench

/// The rules that turn raw readings into the table's figures.
@Suite("Measurement rules")
struct MeasurementRulesTests {
    typealias CountedRow = CountingPass.CountedRow

    @Test("A leak is the least growth over repeated cycles, and never negative")
    func leakedBytesPerCycle() {
        var row = CountedRow(scenario: "point-read", row: RowID("r"))
        row.liveBytesAfterCycles = [1_000, 1_500, 2_000, 2_600, 3_100]
        #expect(row.leakedBytesPerCycle == 500, "a real leak grows on every cycle")
        row.liveBytesAfterCycles = [1_000, 400_000, 1_000, 1_100, 1_000]
        #expect(row.leakedBytesPerCycle == 0, "teardown noise goes up and down")
        row.liveBytesAfterCycles = [3_000_000, 600_000, 500_000, 400_000, 300_000]
        #expect(row.leakedBytesPerCycle == 0, "shrinking is not a negative leak")
        row.liveBytesAfterCycles = nil
        #expect(row.leakedBytesPerCycle == nil, "no readings, no figure")
    }

    @Test("Rounds move the rows' order, so no row always runs first", arguments: [1, 2, 3, 6, 7, 16])
    func roundOrder(count: Int) {
        let rows = Array(0..<count)
        let rounds = (0..<5).map { rows.order(ofRound: $0) }
        for order in rounds { #expect(order.sorted() == rows, "a round left a row out or ran one twice") }
        if count > 1 {
            #expect(Set(rounds.map(\.first)).count == min(count, 5), "the same rows ran first")
        }
    }

    @Test(
        "Rounds change the row that runs before each row, so one neighbour cannot set a row's median",
        arguments: [(count: 4, rounds: 3), (count: 5, rounds: 3), (count: 6, rounds: 5), (count: 7, rounds: 5),
                    (count: 9, rounds: 5), (count: 16, rounds: 5), (count: 17, rounds: 5)]
    )
    func roundNeighbours(count: Int, rounds: Int) {
        let rows = Array(0..<count)
        let orders = (0..<rounds).map { rows.order(ofRound: $0) }
        for row in rows {
            let before = orders.compactMap { order in
                order.firstIndex(of: row).flatMap { $0 > 0 ? order[$0 - 1] : nil }
            }
            #expect(Set(before).count == before.count, "row \(row) followed the same row twice: \(before)")
        }
        for (round, next) in zip(orders, orders.dropFirst()) {
            #expect(round.last != next.first, "a row ran twice in a row, across two rounds")
        }
    }

    @Test("An even count of rows follows the offsets 0, 1, n − 1, 2, …, shifted by one each round")
    func balancedOrder() {
        let rows = Array("ABCDEF")
        #expect([0, 1, 2].map { String(rows.order(ofRound: $0)) } == ["ABFCED", "BCADFE", "CDBEAF"])
        #expect(String(Array("ABCDEFG").order(ofRound: 1)) == "BDFACEG", "seven rows: the second round steps by 2")
    }

    @Test("A spread overlaps another when their ranges meet")
    func spreads() throws {
        let a = try #require(BenchReport.Spread([10, 12, 14]))
        let b = try #require(BenchReport.Spread([13, 15, 17]))
        let c = try #require(BenchReport.Spread([20, 21]))
        #expect(a.median == 12 && a.min == 10 && a.max == 14)
        #expect(a.overlaps(b) && b.overlaps(a))
        #expect(!a.overlaps(c))
        #expect(abs(a.relativeHalfRange - 2.0 / 12) < 1e-12)
    }

    /// A round trip of 10 µs (6 µs of CPU) that woke two threads: 5 µs (3 µs) a wake-up.
    static let twoWakeupTrip = HopCosts(
        actorHopNanoseconds: 100, queueRoundTripNanoseconds: 8_000, queueRoundTripCPUNanoseconds: 5_000,
        workedRoundTripNanoseconds: 10_000, workedRoundTripCPUNanoseconds: 6_000, workedRoundTripWakeups: 2
    )

    /// The base row at 5 µs per operation.
    static var baseOfFiveMicroseconds: BenchReport.RowResult {
        var base = BenchReport.RowResult(row: .storeSync, failure: "")
        base.throughput = BenchReport.Spread([200_000])
        return base
    }

    /// A pattern's row with two hops and two wake-ups per operation.
    static var rowWithTwoHopsAndTwoWakeups: BenchReport.RowResult {
        var row = BenchReport.RowResult(row: .customExecutor, failure: "")
        row.hopsPerOperation = 2
        row.wakeupsPerOperation = 2
        return row
    }

    @Test("One client adds hops and wake-ups to the base; concurrent clients add their CPU, not their wait")
    func costModel() throws {
        let model = CostModel(probes: [Self.twoWakeupTrip])
        let base = Self.baseOfFiveMicroseconds
        var row = Self.rowWithTwoHopsAndTwoWakeups
        row.queueDispatchesPerOperation = 1  // not what the model charges: the threads woken are
        func predicted(clients: Int) throws -> Double {
            try #require(model.predictedNanoseconds(for: row, base: base, clients: clients))
        }
        #expect(abs(try predicted(clients: 1) - (5_000 + 200 + 2 * 5_000)) < 1e-6)
        // Four clients and no concurrent probe: 5 000 + 200 + 2 × 3 000, each wake-up at its
        // CPU cost, on one core.
        #expect(abs(try predicted(clients: 4) - 11_200) < 1e-6)
        #expect(abs(try predicted(clients: 2) - 11_200) < 1e-6)
        row.wakeupsPerOperation = 0
        row.hopsPerOperation = 0
        #expect(abs(try predicted(clients: 4) - 5_000) < 1e-6, "never faster than the serial base")
        // Jobs that wake nobody (queued behind the running one on its own thread) cost nothing.
        row.queueDispatchesPerOperation = 3
        #expect(abs(try predicted(clients: 1) - 5_000) < 1e-6)
        #expect(CostModel.fits(1.19) && CostModel.fits(1 / 1.19))
        #expect(!CostModel.fits(1.25) && !CostModel.fits(0.8))
        // A trip whose threads caught each other spinning woke nobody and still cost a trip.
        let spinning = HopCosts(
            actorHopNanoseconds: 100, queueRoundTripNanoseconds: 8_000, queueRoundTripCPUNanoseconds: 5_000,
            workedRoundTripNanoseconds: 10_000, workedRoundTripCPUNanoseconds: 6_000, workedRoundTripWakeups: 0.2
        )
        #expect(spinning.wakeupNanoseconds?.wall == 10_000)
    }

    @Test("Concurrent clients spread their CPU over the cores a probe at that client count kept busy")
    func costModelCoresBusy() throws {
        // The same trips as above; sent by four callers at once they kept 1.4 cores busy.
        var probe = Self.twoWakeupTrip
        probe.concurrentClients = 4
        probe.concurrentCoresBusy = 1.4
        let model = CostModel(probes: [probe])
        let base = Self.baseOfFiveMicroseconds
        var row = Self.rowWithTwoHopsAndTwoWakeups
        func predicted(clients: Int) throws -> Double {
            try #require(model.predictedNanoseconds(for: row, base: base, clients: clients))
        }
        #expect(abs(try predicted(clients: 4) - 11_200 / 1.4) < 1e-6)
        // One client waits for every step: the cores do not enter.
        #expect(abs(try predicted(clients: 1) - 15_200) < 1e-6)
        // A probe at four clients says nothing about two: one core stands in.
        #expect(abs(try predicted(clients: 2) - 11_200) < 1e-6)
        // Never below the serial base, however many cores the probe kept busy.
        row.wakeupsPerOperation = 0.2
        #expect(abs(try predicted(clients: 4) - 5_000) < 1e-6)
        // Trips that left the cores idle while threads woke (less than one busy) take longer.
        var waiting = probe
        waiting.concurrentCoresBusy = 0.8
        row.wakeupsPerOperation = 2
        let slow = try #require(CostModel(probes: [waiting]).predictedNanoseconds(for: row, base: base, clients: 4))
        #expect(abs(slow - 11_200 / 0.8) < 1e-6)
        #expect(model.concurrentClients == 4 && model.concurrentCoresBusy?.median == 1.4)
    }

    @Test("Each timed run meets the mean of the probes on either side of it, and one probe follows the last run")
    func runsBetweenProbes() async throws {
        let settings = BenchSettings(
            scenarios: [.mixed], rows: [.storeSync, .queuePerform], operations: 40, clients: 2, runs: 2,
            seed: 7, quick: false, meters: false, database: .memory, commandLine: "lab bench --scenario mixed"
        )
        let timed = try #require(try await BenchRunner(settings: settings, progress: ProgressLine(enabled: false)).measureTimings().first)
        // Two rows, two rounds: four probes before runs and one after the last.
        try #require(timed.costs.count == 5)
        let runs = timed.runs.values.flatMap { $0 }
        #expect(runs.count == 4 && runs.allSatisfy { $0.costs != nil })
        // Whatever the order, each run sits between two consecutive probes, each pair once.
        let between = (0..<4).map { HopCosts.between(timed.costs[$0], timed.costs[$0 + 1]) }
        #expect(Set(runs.compactMap { run in between.firstIndex { $0 == run.costs } }) == Set(0..<4))
        // Two clients: every probe also sent its trips from two callers at once.
        #expect(timed.costs.allSatisfy { $0.concurrentClients == 2 && ($0.concurrentCoresBusy ?? 0) > 0 })
    }

    @Test("The costs between two probes are their means; the cores only when both sent trips from as many callers")
    func costsBetweenProbes() {
        let before = HopCosts(
            actorHopNanoseconds: 100, queueRoundTripNanoseconds: 8_000, queueRoundTripCPUNanoseconds: 6_000,
            workedRoundTripNanoseconds: 10_000, workedRoundTripCPUNanoseconds: 8_000, workedRoundTripWakeups: 2,
            queueRoundTripWakeups: 2, concurrentClients: 4, concurrentCoresBusy: 1.2
        )
        let after = HopCosts(
            actorHopNanoseconds: 300, queueRoundTripNanoseconds: 4_000, queueRoundTripCPUNanoseconds: 2_000,
            workedRoundTripNanoseconds: 30_000, workedRoundTripCPUNanoseconds: nil, workedRoundTripWakeups: 1,
            queueRoundTripWakeups: nil, concurrentClients: 4, concurrentCoresBusy: 1.4
        )
        let costs = HopCosts.between(before, after)
        #expect(costs.actorHopNanoseconds == 200 && costs.queueRoundTripNanoseconds == 6_000)
        #expect(costs.queueRoundTripCPUNanoseconds == 4_000 && costs.workedRoundTripNanoseconds == 20_000)
        #expect(costs.workedRoundTripWakeups == 1.5)
        // A cost one probe did not measure is the other's.
        #expect(costs.workedRoundTripCPUNanoseconds == 8_000 && costs.queueRoundTripWakeups == 2)
        #expect(costs.concurrentClients == 4 && abs((costs.concurrentCoresBusy ?? 0) - 1.3) < 1e-12)
        var otherCount = after
        otherCount.concurrentClients = 2
        #expect(HopCosts.between(before, otherCount).concurrentCoresBusy == 1.2)
    }

    @Test("Wake-ups beyond what an operation's calls cause cost an empty trip's share")
    func wakeupsBeyondTheCalls() throws {
        // A worked trip of 30 µs that woke 1.5 threads (20 µs a wake-up); an empty trip of
        // 10 µs that woke 2 (5 µs a wake-up).
        let probe = HopCosts(
            actorHopNanoseconds: 100, queueRoundTripNanoseconds: 10_000, queueRoundTripCPUNanoseconds: 4_000,
            workedRoundTripNanoseconds: 30_000, workedRoundTripCPUNanoseconds: 12_000, workedRoundTripWakeups: 1.5,
            queueRoundTripWakeups: 2
        )
        // One call: 1.5 wake-ups carry its work, the other 2 (a helper's trip out and back)
        // cost 5 µs each.
        let helper = try #require(CostModel.wakeupCost(3.5, calls: 1, costs: probe))
        #expect(abs(helper.wall - (1.5 * 20_000 + 2 * 5_000)) < 1e-6)
        #expect(abs(helper.cpu - (1.5 * 8_000 + 2 * 2_000)) < 1e-6)
        // Four calls that each cross threads with their work: every wake-up is a worked one.
        let chatty = try #require(CostModel.wakeupCost(6, calls: 4, costs: probe))
        #expect(abs(chatty.wall - 6 * 20_000) < 1e-6)
        // A probe that did not count the empty trip's wake-ups charges the worked price.
        var unknown = probe
        unknown.queueRoundTripWakeups = nil
        #expect(abs((try #require(CostModel.wakeupCost(3.5, calls: 1, costs: unknown))).wall - 3.5 * 20_000) < 1e-6)
    }

    @Test("Each run is predicted from its own probe and its own wake-ups, on the base's median")
    func costModelPairsRuns() throws {
        func probe(roundTrip: Double) -> HopCosts {
            HopCosts(
                actorHopNanoseconds: 100, queueRoundTripNanoseconds: 8_000, queueRoundTripCPUNanoseconds: 8_000,
                workedRoundTripNanoseconds: roundTrip, workedRoundTripCPUNanoseconds: roundTrip, workedRoundTripWakeups: 1
            )
        }
        let probes = [probe(roundTrip: 10_000), probe(roundTrip: 20_000), probe(roundTrip: 12_000)]
        var base = BenchReport.RowResult(row: .storeSync, failure: "")
        // One slow round of the base (6 µs) moves no prediction: the base is its median, 5 µs.
        base.throughput = BenchReport.Spread([1e9 / 5_000, 1e9 / 6_000, 1e9 / 5_000])
        var row = BenchReport.RowResult(row: .queuePerform, failure: "")
        row.hopsPerOperation = 0
        // Measured 15, 25 and 20 µs: the second run met a slow wake-up, and its probe saw it.
        row.probedRuns = zip([15_000.0, 25_000, 20_000], probes).map {
            .init(nanosecondsPerOperation: $0, wakeupsPerOperation: 1, costs: $1)
        }
        let model = CostModel(probes: probes)
        // Predictions 15, 25 and 17 µs: ratios 1, 1 and 0.85, median 1.
        let predicted = try #require(model.predictedNanoseconds(for: row, base: base, clients: 1))
        #expect(abs(predicted - 17_000) < 1e-6)
        let ratio = try #require(model.ratio(for: row, base: base, clients: 1))
        #expect(abs(ratio - 1) < 1e-9)
        // From the medians instead (base 5 µs, trip 12 µs): 17 µs against a median of 20 µs.
        row.probedRuns = []
        row.wakeupsPerOperation = 1
        row.throughput = BenchReport.Spread([1e9 / 15_000, 1e9 / 25_000, 1e9 / 20_000])
        let unpaired = try #require(model.ratio(for: row, base: base, clients: 1))
        #expect(abs(unpaired - 17_000.0 / 20_000) < 1e-9)
    }

    @Test("The leak check finds a cycle that the row detaches while it closes")
    func cycleDetachedAtClose() async throws {
        let row = RowDescriptor(id: RowID("detaching"), kind: .baseline, summary: "test", lessons: [], clients: .sequential) { configuration in
            DetachingRepository(wrapping: try StoreSyncRepository(container: configuration.makeContainer()))
        }
        let settings = BenchSettings(
            scenarios: [.pointRead], rows: [row], operations: 5, clients: nil, runs: 1, seed: 42, quick: false, meters: true,
            database: .memory, commandLine: "lab bench"
        )
        let counts = try await CountingPass.run(settings)
        let counted = try #require(counts.row(row.id, in: .pointRead, clients: 1))
        #expect(counted.failure == nil)
        #expect(counted.leakedObjects == 1)
        #expect(counted.retainPaths.contains { $0.contains("SelfRetainingNode") })
    }
}

/// A node that keeps itself alive.
final class SelfRetainingNode: @unchecked Sendable {
    // Unchecked: set once in the initializer of the test repository, never again.
    var itself: SelfRetainingNode?
    init() { itself = self }
}

/// A repository that holds a leaking node and lets go of it in `close()`: a leak check
/// built after `close()` would never see the node.
final class DetachingRepository: ForwardingRepository, @unchecked Sendable {
    // Unchecked: `node` is written once, in `close()`, which the runner calls after the
    // last operation, with nothing else running.
    let wrapped: any NoteRepository
    private var node: SelfRetainingNode? = SelfRetainingNode()

    init(wrapping wrapped: StoreSyncRepository) { self.wrapped = wrapped }

    func close() async throws {
        node = nil
        try await wrapped.close()
    }
}
