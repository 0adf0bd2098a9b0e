import NoteStore
import Workload

// MARK: - RunTimer

/// Wall time, CPU time and queue dispatches summed over the segments a run times: the
/// generating of the plan's operations between them is not part of any.
package struct RunTimer: RunMeter {
    private let clock = ContinuousClock()
    private var started: (dispatches: Int, usage: ProcessUsage, instant: ContinuousClock.Instant)?
    package private(set) var elapsed = Duration.zero
    package private(set) var usage = ProcessUsage.zero
    package private(set) var dispatches = 0

    package init() {}

    package mutating func start() {
        started = (ContextQueue.dispatchCount, ProcessUsage.now(), clock.now)
    }

    package mutating func stop() {
        guard let started else { return }
        elapsed += clock.now - started.instant
        usage = usage + (ProcessUsage.now() - started.usage)
        dispatches += ContextQueue.dispatchCount - started.dispatches
        self.started = nil
    }
}
