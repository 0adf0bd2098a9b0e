internal import Meters
internal import Support
import NoteStore

// MARK: - Stalls

/// The worst holds of the threads that must never wait, the cooperative pool's and the
/// main thread, seen by the ``StallMeter`` while the check slowed the store down, each
/// with the step of the run it happened in.
struct Stalls: Codable, Sendable, Equatable {
    struct Hold: Codable, Sendable, Equatable {
        var microseconds = 0
        /// The step that was running: "importing the setup batches".
        var step: String?
    }

    var pool = Hold()
    /// Nil where the main queue is not timed (a ThreadSanitizer build).
    var main: Hold? = Hold()
    /// A job of an actor on a context's queue that waited for a store job it sent.
    var contextQueue = Hold()
    /// Whether this platform has the meter; where it has not, only the store's own count
    /// of waits judges.
    var measured = StallMeter.isAvailable
    /// The store's jobs that started late on purpose.
    var slowedJobs = 0

    /// Keeps the worse of what it had and `reading`, taken at the end of `step`.
    mutating func absorb(_ reading: StallMeter.Reading, during step: String?) {
        if reading.poolMicroseconds > pool.microseconds { pool = Hold(microseconds: reading.poolMicroseconds, step: step) }
        if reading.contextQueueMicroseconds > contextQueue.microseconds {
            contextQueue = Hold(microseconds: reading.contextQueueMicroseconds, step: step)
        }
        if let mainMicroseconds = reading.mainMicroseconds {
            if mainMicroseconds > main?.microseconds ?? 0 { main = Hold(microseconds: mainMicroseconds, step: step) }
        } else {
            main = nil
        }
        slowedJobs = ContextQueue.slowedJobs
    }
}

// MARK: - The measuring child's slow store

extension ExerciseChecker {
    /// Starts the meter and slows the store down, in the measuring child, before any of the
    /// learner's code runs.
    static func watchTheThreadsThatMustNotWait() async {
        StallMeter.start()
        ContextQueue.slowEveryJob(by: storeSlowdown)
        // The job running now began before the clock: go on in one the clock runs.
        await Task.yield()
        _ = StallMeter.take()
    }

    /// The limits the `waits` check holds the run to. A job of the pool or an actor on a
    /// context's queue: nine tenths of the store's slowdown, so a wait for one slowed job,
    /// which lasts at least the slowdown, is always above it (an awaiting job holds its
    /// thread for tens of microseconds; on a loaded machine, turns at the runtime's and the
    /// allocator's locks made a reference solution's job sleep up to 1.4 ms). A job of the
    /// main actor, computing or waiting: two thirds of the slowdown, above what the main
    /// actor's own work takes in the reference solutions (under 1 ms).
    static var holdLimits: HoldLimits {
        HoldLimits(slowdown: storeSlowdown, job: storeSlowdown * 9 / 10, main: storeSlowdown * 2 / 3)
    }
}

// MARK: - The check

/// The longest holds a check allows, and the slowdown they go with.
struct HoldLimits: Sendable {
    var slowdown: Duration
    /// For a job of the pool, and for an actor's job on a context's queue.
    var job: Duration
    /// For a job of the main actor.
    var main: Duration
}

extension Check {
    /// `waits`: no thread that must not wait was held while the store worked. With every
    /// store job slowed, no job of the cooperative pool, the main actor or an actor on a
    /// context's queue held its thread past its limit, as the ``StallMeter`` saw them; and
    /// the store counted no synchronous wait (`performAndWait`, `ContextQueue.sync`) that
    /// parked a thread, wherever it came from. A run that stopped early never passes it.
    static func noBlockingWaits(_ ledger: StoreLedger?, exercise: Exercise, limits: HoldLimits, run: ChildRun) -> Check {
        let expected = "no thread held while the store works, with every store job "
            + "\(Format.milliseconds(limits.slowdown)) slower: no job of the cooperative pool or of an actor on a context's "
            + "queue held for \(Format.milliseconds(limits.job)), none of the main actor for "
            + "\(Format.milliseconds(limits.main)), and 0 synchronous waits"
        return .of(.waits, ledger, expected: expected, run: run) { ledger in
            let stalls = ledger.stalls
            let holds = [
                (stalls.pool, limits.job, "a job of the cooperative pool (async code, a default actor) held its thread"),
                (stalls.main ?? Stalls.Hold(), limits.main, "a job of the main actor held the main thread"),
                (stalls.contextQueue, limits.job, "a job of an actor on a context's queue held that queue"),
            ]
            let held = holds.filter { hold, limit, _ in
                stalls.measured && Duration.microseconds(hold.microseconds) >= limit
            }.map { hold, _, what in
                "\(what) for \(Format.milliseconds(.microseconds(hold.microseconds)))" + (hold.step.map { " while \($0)" } ?? "")
            }
            let waits = ledger.waits
            let places = [
                (waits.mainThread, "on the main thread"),
                (waits.contextQueue, "on another context's queue (an actor on a custom executor)"),
                (waits.cooperativePool, "on the cooperative pool (async code, a default actor)"),
                (waits.otherThread, "on a thread held for it (a dispatch queue, a Thread, an executor's enqueue)"),
            ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
            var problems: [String] = []
            if !held.isEmpty {
                problems.append(
                    held.joined(separator: "; ") + ", with every store job \(Format.milliseconds(limits.slowdown)) slower: "
                        + "the code waited for the store without awaiting it (a semaphore, a work item's or an operation "
                        + "queue's wait, a lock or a condition, a run loop, a sleep, a loop on a flag all hold the thread)"
                )
            }
            if waits.total > 0 {
                problems.append(
                    "performAndWait (or ContextQueue.sync) parked a thread \(waits.total) "
                        + "\(waits.total == 1 ? "time" : "times"): \(places)"
                )
            }
            if problems.isEmpty, let stop = run.stop {
                // A run that stopped early never passes: what it did not run, it did not show.
                return .notMeasured(.waits, expected: expected, because: "the run stopped before its end: \(stop.description)")
            }
            return .verify(
                .waits, problems.isEmpty, expected: expected, measured: measured(stalls, waits: waits),
                problem: problems.joined(separator: "; ") + ". A thread held until the store answers is a thread other "
                    + "work waits for (lesson 1): \(exercise.waitsAdvice)"
            )
        }
    }

    /// "longest holds: 0.02 ms on the pool, 0.4 ms on the main thread, 0 ms on a context's
    /// queue (163 store jobs slowed); 0 synchronous waits".
    private static func measured(_ stalls: Stalls, waits: StoreAudit.Waits) -> String {
        let holds = stalls.measured
            ? "longest holds: \(Format.milliseconds(.microseconds(stalls.pool.microseconds))) on the pool, "
                + (stalls.main.map { "\(Format.milliseconds(.microseconds($0.microseconds))) on the main thread, " }
                    ?? "the main thread not timed in this build, ")
                + "\(Format.milliseconds(.microseconds(stalls.contextQueue.microseconds))) on a context's queue "
                + "(\(count(Double(stalls.slowedJobs), "store job")) slowed)"
            : "holds not measured: \(StallMeter.unavailableReason)"
        return holds + "; \(count(Double(waits.total), "synchronous wait"))"
    }
}
