import CRuntimeHooks
import NoteStore

// MARK: - StallMeter

/// Watches the threads that must never wait, the cooperative pool's and the main thread,
/// and says how long the worst job held one of them.
///
/// A job's hold is the time its thread waited in it (asleep, or on a core while a store job
/// it sent ran), not the time it computed; each job is timed on its own. Linux only:
/// elsewhere ``isAvailable`` is false.
public enum StallMeter {
    /// What the meter saw between two readings: the longest hold of one job of each kind
    /// of thread, in microseconds.
    public struct Reading: Codable, Sendable, Equatable {
        /// A job of the cooperative pool: the time it slept, plus its time on a core when a
        /// store job it sent ended meanwhile.
        public var poolMicroseconds: Int
        /// A job of the main queue (the main actor's): all it did; nil where the main queue
        /// is not timed (a ThreadSanitizer build).
        public var mainMicroseconds: Int?
        /// A job of a context's queue (an actor on an executor there): its time, when a store
        /// job it sent to another queue ended meanwhile.
        public var contextQueueMicroseconds: Int

        public init(poolMicroseconds: Int = 0, mainMicroseconds: Int? = 0, contextQueueMicroseconds: Int = 0) {
            self.poolMicroseconds = poolMicroseconds
            self.mainMicroseconds = mainMicroseconds
            self.contextQueueMicroseconds = contextQueueMicroseconds
        }
    }

    /// Whether this platform has the job clock and the scheduler's statistics it reads.
    public static var isAvailable: Bool { lab_job_clock_is_available() }

    /// Why the meter is unavailable here, for reports.
    public static var unavailableReason: String {
        lab_job_clock_is_sanitized()
            ? "off under a sanitizer (ThreadSanitizer, AddressSanitizer), whose runtime takes locks of its own and "
                + "runs code several times slower: a job's time there is not its code's"
            : "the job clock and the scheduler's statistics it reads exist on Linux only"
    }

    /// Starts watching, for the rest of the process: the job clock takes over the global
    /// executor's jobs and times the main queue's, and learns which job sent each slowed job
    /// of the store, and when that ends. Call it before the code to watch starts any task.
    public static func start() {
        guard lab_job_clock_install() else { return }
        ContextQueue.observeSlowedJobs(QueueJobClock())
    }

    /// The longest holds since the last call, which starts a new reading.
    public static func take() -> Reading {
        let reading = lab_job_clock_take()
        return withUnsafeBytes(of: reading.longest_hold_ns) { nanoseconds in
            let longest = nanoseconds.bindMemory(to: UInt64.self).map { Int($0 / 1_000) }
            return Reading(
                poolMicroseconds: longest[Int(lab_job_clock_pool.rawValue)],
                mainMicroseconds: lab_job_clock_times_the_main_queue() ? longest[Int(lab_job_clock_main.rawValue)] : nil,
                contextQueueMicroseconds: longest[Int(lab_job_clock_context_queue.rawValue)]
            )
        }
    }
}

// MARK: - QueueJobClock

/// Times the jobs of the context queues, and tells the clock when a job that one of its
/// threads sent has ended.
private struct QueueJobClock: SlowedJobObserver {
    func jobQueued() -> Run {
        lab_job_clock_store_job_sent()
        let sender = SentBy(job: lab_job_clock_current_job())
        return { work in
            lab_job_clock_store_job_started(sender.job)
            let timing = lab_job_clock_begin(lab_job_clock_context_queue, sender.job)
            work()
            lab_job_clock_end(timing)
            lab_job_clock_store_job_ended(sender.job)
        }
    }
}

/// The job of the clock that sent a job of the store.
///
/// `@unchecked Sendable` is safe: it is four integers (two slots' numbers and two jobs').
private struct SentBy: @unchecked Sendable {
    let job: LabJobClockSender
}
