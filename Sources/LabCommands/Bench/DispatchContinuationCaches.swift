import Dispatch
import Foundation

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
/// Sending 8,192 empty blocks from a thread of its own to a serial queue and to the
/// global queue frees continuations on the threads that run dispatch's blocks until their
/// caches are full; the sending thread's cache goes when the thread exits. Afterwards the
/// rows' cycles reuse cached continuations instead of adding to the caches.
enum DispatchContinuationCaches {
    /// The continuations a thread keeps for reuse (libdispatch's limit outside iOS).
    static let limitPerThread = 1_024

    /// Fills the caches; returns when every block has run and the sending thread is gone.
    static func fill() {
        let finished = DispatchSemaphore(value: 0)
        let sender = Thread {
            let group = DispatchGroup()
            let queue = DispatchQueue(label: "lab.fill-continuation-caches")
            for _ in 0..<(8 * limitPerThread) {
                queue.async(group: group) {}
                DispatchQueue.global().async(group: group) {}
            }
            group.wait()
            finished.signal()
        }
        sender.start()
        finished.wait()
    }
}
