import Foundation

// MARK: - LockedValue

/// A value shared between threads, every access under an `NSLock`.
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` is handed over through the
/// kernel, in a library ThreadSanitizer does not instrument, so `make race` reports the next
/// owner's access as a race (Docs/Reliability.md, "What is suppressed, and why"). `NSLock`
/// is a `pthread_mutex_t`, which the sanitizer sees.
// @unchecked Sendable: `value` is read and written only inside `withLock`, under `lock`.
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
