import CRuntimeHooks
import NoteStore

// MARK: - HopMeter

/// Counts actor hops: real executor switches, as the runtime's `swift_task_switch` sees
/// them. The compiler calls that function for every hop it emits, default actors included.
///
/// The hook lives in the lab's own executable (the `CRuntimeHooks` target), so no pattern
/// knows it is counted. Counting costs one atomic increment and one executor comparison
/// per switch (a few nanoseconds); `lab bench` still counts in a pass of its own.
public enum HopMeter {
    /// Whether this platform has the proven hook. Where it does not, hops are reported as
    /// unavailable, never as 0.
    public static var isAvailable: Bool { lab_hop_counter_is_available() }

    /// Why hops are unavailable here, for reports.
    public static let unavailableReason = "the swift_task_switch hook is proven on Linux x86_64 and arm64 only"

    /// A count of switches since the process started counting.
    // snippet: reading
    public struct Reading: Sendable, Equatable {
        /// Every call of `swift_task_switch`, including switches to the executor already running.
        public var switchCalls: UInt64
        /// The calls that changed executor: the hops.
        public var hops: UInt64
        /// Jobs handed to an executor: to the global pool (the runtime's enqueue hook) or to
        /// one of the store's custom executors. A hop that switches in place on its thread
        /// (onto a free default actor, or off one) is a hop and no enqueue; an enqueue to
        /// an idle executor is where a thread may have to wake.
        public var enqueues: UInt64 = 0

        public static func - (lhs: Reading, rhs: Reading) -> Reading {
            Reading(
                switchCalls: lhs.switchCalls &- rhs.switchCalls, hops: lhs.hops &- rhs.hops,
                enqueues: lhs.enqueues &- rhs.enqueues
            )
        }
    }
    // snippet: end

    public static func read() -> Reading {
        Reading(
            switchCalls: lab_hop_counter_switch_calls(), hops: lab_hop_counter_real_hops(),
            enqueues: lab_enqueue_counter_global_enqueues() &+ ExecutorJobs.count
        )
    }

    /// Counts the switches `body` makes, with counting on only around it.
    ///
    /// The counter is process-wide: switches of unrelated tasks running at the same time
    /// are counted too. The lab measures one row at a time; tests that need an exact count
    /// run their subject in a child process.
    public static func counting<T, E: Error>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws(E) -> T
    ) async throws(E) -> (value: T, count: Reading) {
        lab_hop_counter_set_enabled(true)
        let before = read()
        do {
            let value = try await body()
            let count = read() - before
            lab_hop_counter_set_enabled(false)
            return (value, count)
        } catch {
            lab_hop_counter_set_enabled(false)
            throw error
        }
    }

    /// Turns counting on or off for the whole process.
    public static func setEnabled(_ enabled: Bool) { lab_hop_counter_set_enabled(enabled) }
}
