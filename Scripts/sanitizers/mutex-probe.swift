// Why race.supp suppresses the mutex baseline: Synchronization.Mutex, contended, is invisible
// to ThreadSanitizer on Linux. Four threads add 1 to a plain class property 200,000 times
// each, always inside withLock. The total is exact, so the lock excludes; yet the
// sanitizer reports a race, because a contended lock is handed over by the kernel
// (FUTEX_LOCK_PI / FUTEX_UNLOCK_PI, in the uninstrumented libswiftSynchronization). The same
// program with NSLock (pthread_mutex_t, which the sanitizer intercepts) reports nothing.
// `make race` compiles it with -sanitize=thread and runs it once with each lock.

import Dispatch
import Foundation
import Synchronization

final class Counter {
    var value = 0
}

let mutex = Mutex(Counter())
let lock = NSLock()
// Only touched with `lock` held: the sanitizer sees that lock.
nonisolated(unsafe) let locked = Counter()
let useMutex = CommandLine.arguments.dropFirst().first == "mutex"

DispatchQueue.concurrentPerform(iterations: 4) { _ in
    for _ in 0..<200_000 {
        if useMutex {
            mutex.withLock { $0.value += 1 }
        } else {
            lock.withLock { locked.value += 1 }
        }
    }
}
print(useMutex ? mutex.withLock { $0.value } : lock.withLock { locked.value })
