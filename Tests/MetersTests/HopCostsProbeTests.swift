import Meters
import Support
import Synchronization
import Testing

/// The cost probe runs its work the way a fair comparison needs: as often in place as
/// through the queue, in alternating blocks.
@Suite("Cost probe")
struct HopCostsProbeTests {
    @Test("The probe alternates blocks of in-place and queued work, as many calls of each")
    func alternatesBlocks() async throws {
        let work = RecordingWork()
        let costs = try await HopCosts.probe(hops: 10, roundTrips: 90, work: work)
        let calls = work.calls.withLock { $0 }
        #expect(calls.filter { $0.queued }.count == 90)
        #expect(calls.filter { !$0.queued }.count == 90)
        // Blocks of 3 (90 ÷ 30): three in place, the same three through the queue, and on.
        let expected = stride(from: 0, to: 90, by: 3).flatMap { first in
            (first..<first + 3).map { Call(index: $0, queued: false) } + (first..<first + 3).map { Call(index: $0, queued: true) }
        }
        #expect(calls == expected)
        #expect(costs.workedRoundTripNanoseconds != nil && costs.workedRoundTripCPUNanoseconds != nil)
    }

    @Test("With several clients the probe sends every trip once more, from that many callers at once")
    func concurrentCallers() async throws {
        let work = RecordingWork()
        let costs = try await HopCosts.probe(hops: 10, roundTrips: 90, work: work, clients: 3, window: .zero)
        let calls = work.calls.withLock { $0 }
        #expect(calls.filter { !$0.queued }.count == 90)
        let queued = calls.filter(\.queued).map(\.index)
        #expect(queued.count == 180)
        // The last 90 are the concurrent ones: every index once, whatever the order.
        #expect(queued.suffix(90).sorted() == Array(0..<90))
        #expect(work.mostInFlight.withLock { $0 } >= 2, "the callers ran one after another")
        #expect(costs.concurrentClients == 3)
        #expect((costs.concurrentCoresBusy ?? 0) > 0)
    }

    @Test("The concurrent callers go on sending trips until the probe's window has passed")
    func concurrentWindow() async throws {
        let work = RecordingWork()
        let clock = SteppingClock()
        _ = try await HopCosts.probe(hops: 10, roundTrips: 90, work: work, clients: 3, window: .milliseconds(20), clock: clock)
        let queued = work.calls.withLock { $0 }.filter(\.queued).map(\.index)
        // The deadline is the first reading plus 20 ms; the callers read the clock only once
        // their share of the 90 is sent, and the readings 2 ms to 20 ms each let one more
        // trip go: 19 beyond the 90, whoever sends them.
        #expect(queued.count == 90 + 90 + 19)
        let concurrent = queued.suffix(90 + 19)
        #expect(concurrent.filter { $0 < 90 }.sorted() == Array(0..<90))
        #expect(Set(concurrent.filter { $0 >= 90 }).count == 19, "a caller sent an index twice")
    }

    @Test("With one client the probe sends no concurrent trips")
    func oneClient() async throws {
        let work = RecordingWork()
        let costs = try await HopCosts.probe(hops: 10, roundTrips: 30, work: work)
        #expect(work.calls.withLock { $0 }.filter(\.queued).count == 30)
        #expect(work.mostInFlight.withLock { $0 } == 1)
        #expect(costs.concurrentClients == nil && costs.concurrentCoresBusy == nil)
    }

    @Test("Without work the probe measures no worked round trip")
    func noWork() async throws {
        let costs = try await HopCosts.probe(hops: 10, roundTrips: 10)
        #expect(costs.workedRoundTripNanoseconds == nil && costs.workedRoundTripCPUNanoseconds == nil)
        #expect(costs.queueRoundTripNanoseconds > 0 && costs.actorHopNanoseconds > 0)
    }

    @Test("An error thrown by the work ends the probe with that error")
    func workErrorsPropagate() async throws {
        await #expect(throws: ProbeFailure.self) {
            _ = try await HopCosts.probe(hops: 1, roundTrips: 4, work: FailingWork())
        }
    }
}

private struct Call: Equatable {
    var index: Int
    var queued: Bool
}

/// Its counts are under `LockedValue` (an `NSLock`), not `Mutex`: concurrent callers contend
/// for them, and a contended `Mutex` hands over through the kernel, where ThreadSanitizer
/// does not see it (`make race` reported the handover as a race).
private final class RecordingWork: RoundTripWork {
    let calls = LockedValue<[Call]>([])
    private let inFlight = LockedValue(0)
    /// The most queued calls under way at one time.
    let mostInFlight = LockedValue(0)

    func runInPlace(_ index: Int) { calls.withLock { $0.append(Call(index: index, queued: false)) } }

    func runThroughQueue(_ index: Int) async {
        calls.withLock { $0.append(Call(index: index, queued: true)) }
        let now = inFlight.withLock { count in
            count += 1
            return count
        }
        mostInFlight.withLock { $0 = max($0, now) }
        // A trip suspends, as a real one does while its job runs: other callers get to start theirs.
        for _ in 0..<20 { await Task.yield() }
        inFlight.withLock { $0 -= 1 }
    }
}

/// A clock that moves on one millisecond each time it is read, so that a window lasts a
/// known number of readings, however fast the machine runs.
private final class SteppingClock: Clock {
    private let start = ContinuousClock.now
    private let readings = Atomic(0)

    var now: ContinuousClock.Instant {
        start.advanced(by: .milliseconds(readings.wrappingAdd(1, ordering: .relaxed).newValue))
    }

    var minimumResolution: Duration { .milliseconds(1) }

    func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {}
}

private struct ProbeFailure: Error {}

private struct FailingWork: RoundTripWork {
    func runInPlace(_ index: Int) throws { throw ProbeFailure() }
    func runThroughQueue(_ index: Int) async throws { throw ProbeFailure() }
}
