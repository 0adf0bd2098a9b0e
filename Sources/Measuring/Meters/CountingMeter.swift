import NoteStore
import Workload

// MARK: - CountingMeter

/// Hops are counted, and allocations summed, only while a segment of the plan runs:
/// generating its operations allocates, and is not the row's work. Queue dispatches
/// are summed over the segments too (generating dispatches nothing). A metered run also
/// counts one segment with no operations, and each segment's counts lose that fixed cost
/// (starting and ending the clients' tasks), so that what is left is per operation.
package struct CountingMeter: RunMeter {
    package let metered: Bool
    private var started: (
        allocations: AllocationMeter.Reading?, hops: HopMeter.Reading, dispatches: Int, waits: Int, readsBehindWrites: Int
    )?
    private var measured = Counted()
    private var fixedCost = Counted()
    private var segments = 0

    package init(metered: Bool) {
        self.metered = metered
    }

    /// What the plan's operations did: the segments' counts less each one's fixed cost.
    package var work: Counted { measured.less(fixedCost, times: segments) }

    package var measuresFixedCost: Bool { metered }

    package mutating func start() {
        started = (
            metered ? AllocationMeter.read() : nil, HopMeter.read(), ContextQueue.dispatchCount, StoreAudit.blockingWaits.total,
            StoreAudit.readsQueuedBehindWrites
        )
        if metered { HopMeter.setEnabled(true) }
    }

    package mutating func stop() {
        measured.add(stopCounting())
    }

    package mutating func startFixedCost() {
        start()
    }

    package mutating func stopFixedCost(segments: Int) {
        fixedCost = stopCounting()
        self.segments = segments
    }

    private mutating func stopCounting() -> Counted {
        if metered { HopMeter.setEnabled(false) }
        guard let started else { return Counted() }
        self.started = nil
        let hops = HopMeter.read() - started.hops
        var counted = Counted(
            hops: hops.hops, enqueues: hops.enqueues, dispatches: ContextQueue.dispatchCount - started.dispatches,
            waits: StoreAudit.blockingWaits.total - started.waits,
            readsBehindWrites: StoreAudit.readsQueuedBehindWrites - started.readsBehindWrites
        )
        if let before = started.allocations, let now = AllocationMeter.read() { counted.allocations = now - before }
        return counted
    }
}

/// Counts over one or more segments.
package struct Counted {
    package var hops: UInt64 = 0
    package var enqueues: UInt64 = 0
    package var dispatches = 0
    /// Synchronous waits that parked the main thread, a context's queue or the pool.
    package var waits = 0
    /// Read jobs of the store's queues that waited for a write of their own queue, once
    /// ``ContextQueue/startCountingReadsBehindWrites()`` has turned the count on.
    package var readsBehindWrites = 0
    package var allocations: AllocationMeter.Reading?

    package mutating func add(_ other: Counted) {
        hops += other.hops
        enqueues += other.enqueues
        dispatches += other.dispatches
        waits += other.waits
        readsBehindWrites += other.readsBehindWrites
        if let more = other.allocations { allocations = (allocations ?? .zero) + more }
    }

    /// These counts less `cost` paid `times` times, never below zero.
    package func less(_ cost: Counted, times: Int) -> Counted {
        func remaining(_ value: UInt64, _ paid: UInt64) -> UInt64 {
            let total = paid.multipliedReportingOverflow(by: UInt64(times))
            return total.overflow || total.partialValue > value ? 0 : value - total.partialValue
        }
        var result = Counted(
            hops: remaining(hops, cost.hops), enqueues: remaining(enqueues, cost.enqueues),
            dispatches: Int(remaining(UInt64(dispatches), UInt64(cost.dispatches))),
            waits: Int(remaining(UInt64(waits), UInt64(cost.waits))),
            readsBehindWrites: Int(remaining(UInt64(readsBehindWrites), UInt64(cost.readsBehindWrites)))
        )
        if let allocations {
            let paid = cost.allocations ?? .zero
            result.allocations = AllocationMeter.Reading(
                allocations: remaining(allocations.allocations, paid.allocations),
                allocatedBytes: remaining(allocations.allocatedBytes, paid.allocatedBytes),
                liveBytes: allocations.liveBytes
            )
        }
        return result
    }
}
