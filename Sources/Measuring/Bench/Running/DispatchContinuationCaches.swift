import RowKit
import Support
import Dispatch
import Foundation
import Meters

// MARK: - DispatchContinuationCaches

/// Fills libdispatch's per-thread caches of freed continuations, so that their growth is
/// not read as a row's leak.
///
/// libdispatch keeps up to 1,024 freed continuations per thread for reuse, and the rows
/// that send jobs between threads filled those caches a little more with every cycle.
/// Sending empty blocks and tasks until a round no longer adds to the live bytes fills
/// them first.
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
