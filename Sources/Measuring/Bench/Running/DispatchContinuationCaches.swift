import RowKit
import Support
import Dispatch
import Foundation
import Harness

// MARK: - DispatchContinuationCaches

/// Fills libdispatch's per-thread caches of freed continuations, so that their growth is
/// not read as a row's leak.
///
/// Every block sent with `async` travels in a 64-byte continuation. When a thread frees
/// one, libdispatch keeps it in that thread's cache for reuse, up to 1,024 of them (64 KiB;
/// `DISPATCH_CONTINUATION_CACHE_LIMIT` in swift-corelibs-libdispatch's
/// src/queue_internal.h, for every platform but iOS). A pattern that sends jobs from one
/// thread to a queue that runs them on another fills the caches a little more with every
/// cycle: the live bytes of the queue-based rows grew by up to 7 KiB a cycle and stopped
/// near 64 KiB, which looks like a leak over four cycles and is not one.
///
/// Swift's hops travel in continuations too: a job enqueued on the cooperative pool or on
/// the main actor is wrapped in one by the enqueuing thread. `thread-executor` starts a
/// new thread every cycle, whose cache is empty, so each of its hops back to the pool or to
/// the main actor takes a continuation from the heap, and the thread that runs the hop keeps
/// it: in `sync`, whose reader hops from the main actor into the row and back on every
/// save, that row grew by about 2 KiB (30 continuations) a cycle and stopped after some 30
/// cycles, when one thread's cache was full; waiting 300 ms after each close changed
/// nothing, so it was not a teardown that finished late.
///
/// Sending 8,192 empty blocks from a thread of its own to a serial queue and to the
/// global queue, and starting as many empty tasks on the pool and on the main actor, frees
/// continuations on the threads that run dispatch's blocks and Swift's jobs until their
/// caches are full; the sending thread's cache goes when the thread exits. A thread that
/// stayed idle during a round keeps an empty cache (in about one `sync` pass in five,
/// `thread-executor` still grew by 3 to 10 KiB a cycle after one round), so rounds repeat
/// until one no longer adds to the live bytes. Afterwards the rows' cycles reuse cached
/// continuations instead of adding to the caches.
package enum DispatchContinuationCaches {
    /// The continuations a thread keeps for reuse (libdispatch's limit outside iOS).
    package static let limitPerThread = 1_024
    /// A round that adds less than this filled no cache: 16 continuations, more than what
    /// a round's own thread and group leave behind.
    package static let settledGrowth: UInt64 = 16 * 64
    package static let maximumRounds = 16

    /// Fills the caches; returns when a round's blocks and tasks have all run and added
    /// nothing, or after ``maximumRounds``.
    package static func fill() async {
        var before = AllocationMeter.read()?.liveBytes
        for _ in 0..<maximumRounds {
            await fillOnce()
            // Without jemalloc nothing tells whether the caches are full: one round.
            guard let previous = before, let now = AllocationMeter.read()?.liveBytes else { return }
            if now < previous &+ settledGrowth { return }
            before = now
        }
    }

    private static func fillOnce() async {
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            // A thread outside the pool, so that the pool's and the main queue's threads
            // free what it sends instead of reusing their own cached continuations.
            let sender = Thread {
                let group = DispatchGroup()
                let queue = DispatchQueue(label: "lab.fill-continuation-caches")
                for _ in 0..<(8 * limitPerThread) {
                    queue.async(group: group) {}
                    DispatchQueue.global().async(group: group) {}
                    group.enter()
                    Task.detached { group.leave() }
                    group.enter()
                    Task { @MainActor in group.leave() }
                }
                // Not `wait()`: the main actor's tasks may need the thread that called fill().
                group.notify(queue: .global()) { finished.resume() }
            }
            sender.start()
        }
    }
}
