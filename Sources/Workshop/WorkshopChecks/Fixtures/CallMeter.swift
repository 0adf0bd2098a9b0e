internal import Meters
import NoteStore

// MARK: - PerCall

/// What one call cost, on average: actor hops and jobs sent to a context's queue.
struct PerCall: Codable, Sendable, Equatable {
    /// Nil where the hop meter is unavailable.
    var hops: Double?
    var dispatches: Double
}

// MARK: - CallMeter

/// Counts the hops and queue dispatches of a call with the suite's meters: ``HopMeter``
/// and ``ContextQueue/dispatchCount``.
enum CallMeter {
    /// Calls made per count: enough that one stray hop shows as a fraction, and the same
    /// for every exercise.
    static let calls = 100

    /// Calls `body` ``calls`` times from the caller's actor (from none, for a client outside
    /// every actor) with the number of the call, from 0, and returns its cost per call. The
    /// process runs nothing else meanwhile, so the counts are the call's.
    static func perCall(
        isolation: isolated (any Actor)? = #isolation, _ body: (Int) async throws -> Void
    ) async throws -> PerCall {
        let dispatchesBefore = ContextQueue.dispatchCount
        var hops: Double?
        if HopMeter.isAvailable {
            let (_, count) = try await HopMeter.counting { () async throws -> Void in
                // A closure runs on an isolated parameter's actor only when it captures it.
                _ = isolation
                for call in 0..<calls { try await body(call) }
            }
            hops = Double(count.hops) / Double(calls)
        } else {
            for call in 0..<calls { try await body(call) }
        }
        let dispatches = Double(ContextQueue.dispatchCount - dispatchesBefore) / Double(calls)
        return PerCall(hops: hops, dispatches: dispatches)
    }
}
