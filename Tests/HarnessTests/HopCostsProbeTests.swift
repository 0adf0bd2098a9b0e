import Harness
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

private final class RecordingWork: RoundTripWork {
    let calls = Mutex<[Call]>([])
    func runInPlace(_ index: Int) { calls.withLock { $0.append(Call(index: index, queued: false)) } }
    func runThroughQueue(_ index: Int) async { calls.withLock { $0.append(Call(index: index, queued: true)) } }
}

private struct ProbeFailure: Error {}

private struct FailingWork: RoundTripWork {
    func runInPlace(_ index: Int) throws { throw ProbeFailure() }
    func runThroughQueue(_ index: Int) async throws { throw ProbeFailure() }
}
