#ifndef CRUNTIMEHOOKS_H
#define CRUNTIMEHOOKS_H

#include <stdbool.h>
#include <stdint.h>

/// Hooks the lab installs in its own process to observe the Swift runtime from outside
/// the code it measures.

/// True where the `swift_task_switch` interposer is built and proven (Linux x86_64, arm64).
bool lab_hop_counter_is_available(void);

/// Starts or stops counting. While stopped, the hook costs one relaxed atomic load.
void lab_hop_counter_set_enabled(bool enabled);

/// Calls of `swift_task_switch` while counting was on: every hop the compiler emitted.
uint64_t lab_hop_counter_switch_calls(void);

/// The calls that really changed executor: the actor hops.
uint64_t lab_hop_counter_real_hops(void);

/// Jobs handed to the global pool (`swift_task_enqueueGlobal`) while counting was on,
/// counted through the runtime's `swift_task_enqueueGlobal_hook`. Same availability and
/// switch as the hop counter.
uint64_t lab_enqueue_counter_global_enqueues(void);

/// The threads the job clock times.
typedef enum {
    /// The cooperative pool: held by a sleep, or by a spin until a store job it caused ended.
    lab_job_clock_pool = 0,
    /// The main queue: held by anything it does, waiting or computing.
    lab_job_clock_main = 1,
    /// A context's queue (an actor's executor on it): held only by a wait for a store job
    /// it sent.
    lab_job_clock_context_queue = 2,
} LabJobClockKind;

/// What the job clock saw since it was last read, by LabJobClockKind. A job's hold is the
/// time it kept its thread from other work, as its kind defines it; the time its thread
/// waited for a core is never part of it.
typedef struct {
    uint64_t longest_hold_ns[3];
    uint64_t jobs[3];
} LabJobClockReading;

/// A job the clock times: zeros for none.
typedef struct {
    uint32_t slot;
    uint64_t job;
} LabJobClockJob;

/// Who sent a job: the job that queued it, and the job that caused that one (itself when
/// no other did).
typedef struct {
    LabJobClockJob job;
    LabJobClockJob origin;
} LabJobClockSender;

/// A job being timed, from lab_job_clock_begin to lab_job_clock_end on the same thread.
typedef struct {
    LabJobClockKind kind;
    uint64_t start_ns;
    uint64_t on_core_ns;
    uint64_t waiting_ns;
    uint64_t waits;
} LabJobClockTiming;

/// True where the job clock is built (Linux x86_64, arm64), and the process is not under a
/// sanitizer.
/// Whether this process runs under ThreadSanitizer or AddressSanitizer, where the job
/// clock is off: the sanitizer's runtime takes locks of its own and runs code several times
/// slower, so a job's time is not its code's.
bool lab_job_clock_is_sanitized(void);
bool lab_job_clock_is_available(void);

/// Takes over the global executor's jobs from now on, and times each one and each job of
/// the main queue (job_clock.c). Once per process; true when the clock runs.
bool lab_job_clock_install(void);

/// Whether the main queue's jobs are timed: not in a ThreadSanitizer build, whose own
/// interceptor of `dispatch_async_f` comes first.
bool lab_job_clock_times_the_main_queue(void);

/// The clock's reading since the last call, which starts a new one.
LabJobClockReading lab_job_clock_take(void);

/// Starts timing a job on the calling thread, sent by `sender`: for jobs the clock does not
/// run itself.
LabJobClockTiming lab_job_clock_begin(LabJobClockKind kind, LabJobClockSender sender);

/// Ends timing the job `timing` began, on the same thread.
void lab_job_clock_end(LabJobClockTiming timing);

/// The job the calling thread runs for the clock, and the job that caused it: what a job
/// queued now remembers as its sender.
/// Tells the clock that the job running on this thread sends a job of the store now: a job
/// that then waits for the store is charged from this moment, not for what it did before.
void lab_job_clock_store_job_sent(void);

LabJobClockSender lab_job_clock_current_job(void);

/// Tells the clock that a job of the store, sent by `sender`, starts its work, after the
/// check's delay: a job it names that still runs and is blocked meanwhile waits for it.
void lab_job_clock_store_job_started(LabJobClockSender sender);

/// Tells the clock that a job of the store, sent by `sender`, has ended: the jobs it names,
/// if they still run, waited for the store.
void lab_job_clock_store_job_ended(LabJobClockSender sender);

#endif
