// Times the jobs of the threads that must never wait: how long each one held its thread.
//
// The runtime hands every job meant for the global executor to `swift_task_enqueueGlobal`,
// and lets a process see it first through `swift_task_enqueueGlobal_hook` (and its two
// delayed forms). Once installed, the job clock keeps those jobs: it runs them on a pool of
// its own, as wide as the machine has cores (as the cooperative pool is), each through
// `swift_job_run` between two readings of the thread's clocks. The main actor's jobs reach
// the main queue through libdispatch's `dispatch_async_f`, which the clock wraps the same
// way. The store's context queues time their own jobs through lab_job_clock_begin/end.
//
// A job's thread is never charged the time it waited for a core (the second field of
// `/proc/thread-self/schedstat`), so a preempted job is not a held one. What holds a thread
// depends on the thread (LabJobClockKind): on the pool, a job that sleeps and computes
// little or sleeps nearly all its time (a semaphore, a work item's `wait`, a condition, a run
// loop, a sleep), or that ends
// right after a job of the store it caused (sent, or sent from a task it started) has ended; on the main queue, anything; on a context's queue, only a wait for
// a job of the store it sent, or a spin while a task it started has the store work. A job that awaits is cut into short jobs at each `await`.
//
// It is a meter for a check, not a scheduler: it has no priorities, and when every thread is
// held for longer than `rescue_after_ns` while jobs wait, it adds a thread, as libdispatch
// does for a blocked pool, so a blocking program ends slowly instead of never.

#define _GNU_SOURCE
#include "CRuntimeHooks.h"

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__)) && __has_attribute(swiftcall)

#include <fcntl.h>
#include <pthread.h>
#include <sys/resource.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// MARK: - The runtime's and libdispatch's entry points

/// An executor reference: two words, as the runtime passes it. The generic executor is {0, 0}.
typedef struct {
    void *identity;
    uintptr_t implementation;
} JobExecutorRef;

extern __attribute__((swiftcall)) void swift_job_run(void *job, JobExecutorRef executor);
extern __attribute__((swiftcall)) void swift_get_time(long long *seconds, long long *nanoseconds, int clock);

typedef __attribute__((swiftcall)) void (*EnqueueOriginal)(void *job);
typedef __attribute__((swiftcall)) void (*EnqueueHook)(void *job, EnqueueOriginal original);
typedef __attribute__((swiftcall)) void (*DelayOriginal)(unsigned long long nanoseconds, void *job);
typedef __attribute__((swiftcall)) void (*DelayHook)(unsigned long long nanoseconds, void *job, DelayOriginal original);
typedef __attribute__((swiftcall)) void (*DeadlineOriginal)(
    long long seconds, long long nanoseconds, long long toleranceSeconds, long long toleranceNanoseconds, int clock, void *job);
typedef __attribute__((swiftcall)) void (*DeadlineHook)(
    long long seconds, long long nanoseconds, long long toleranceSeconds, long long toleranceNanoseconds, int clock, void *job,
    DeadlineOriginal original);

extern EnqueueHook swift_task_enqueueGlobal_hook;
extern DelayHook swift_task_enqueueGlobalWithDelay_hook;
extern DeadlineHook swift_task_enqueueGlobalWithDeadline_hook;

// libdispatch, declared here because its headers are not on a C target's search path on
// Linux: its timers, for the jobs that resume after a sleep, and its main queue.
typedef struct dispatch_queue_s *dispatch_queue_t;
extern void dispatch_after_f(uint64_t when, dispatch_queue_t queue, void *context, void (*work)(void *));
extern uint64_t dispatch_time(uint64_t when, int64_t delta);
extern dispatch_queue_t dispatch_queue_create(const char *label, void *attributes);
extern struct dispatch_queue_s _dispatch_main_q;

/// Counts a global enqueue for the hop meter (task_switch_counter.c).
void lab_enqueue_counter_count(void);

// MARK: - Clocks

static uint64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/// The calling thread's time on a core, time waiting for one, and the times it gave up its
/// core to wait (voluntary context switches).
typedef struct {
    uint64_t on_core_ns;
    uint64_t waiting_ns;
    uint64_t waits;
} SchedulerTimes;

static _Thread_local int schedstat_file = -1;

static SchedulerTimes scheduler_times(void) {
    SchedulerTimes times = {0, 0, 0};
    struct rusage usage;
    if (getrusage(RUSAGE_THREAD, &usage) == 0) times.waits = (uint64_t)usage.ru_nvcsw;
    // The thread's CPU clock is exact; the first field of schedstat, time on a core, is
    // brought up to date at the scheduler's ticks only (4 ms at 250 Hz). The wait, the
    // second field, is exact for a running thread: it changes when the thread gets a core.
    struct timespec cpu;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
    times.on_core_ns = (uint64_t)cpu.tv_sec * 1000000000u + (uint64_t)cpu.tv_nsec;
    if (schedstat_file < 0) schedstat_file = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    if (schedstat_file < 0) return times;
    char text[96];
    ssize_t length = pread(schedstat_file, text, sizeof text - 1, 0);
    if (length <= 0) return times;
    text[length] = 0;
    char *end = text;
    (void)strtoull(end, &end, 10);
    times.waiting_ns = strtoull(end, &end, 10);
    return times;
}

// MARK: - What the clock saw

/// The longest hold of each kind of job, and the jobs timed, since the last reading.
static _Atomic uint64_t longest_hold_ns[3];
static _Atomic uint64_t jobs_timed[3];

static void record_longest(_Atomic uint64_t *longest_ns, uint64_t held) {
    uint64_t longest = atomic_load_explicit(longest_ns, memory_order_relaxed);
    while (held > longest
           && !atomic_compare_exchange_weak_explicit(longest_ns, &longest, held, memory_order_relaxed, memory_order_relaxed)) {
    }
}

// MARK: - Who waited for the store

/// The job a thread runs under the clock: its number, and whether a job of the store that it
/// caused has ended while it still ran. Slots are never freed or reused, so a store job that
/// ends after its sender's thread has gone finds a number that no longer matches.
typedef struct {
    _Atomic uint64_t job;
    /// When the latest store job it caused ended, or 0.
    _Atomic uint64_t store_job_ended_ns;
    /// The thread's id, so that another thread can read its state and its scheduler times.
    _Atomic int tid;
    /// Where the running job's wait for the store may start, and the thread's scheduler times
    /// then: when it first sent a store job itself, or, for a job whose task sent it, its start.
    _Atomic uint64_t started_ns, started_on_core_ns, started_waiting_ns;
    _Atomic uint64_t sent_ns, sent_on_core_ns, sent_waiting_ns;
    /// The longest time the job was found blocked, off its core, while a store job it caused
    /// ran: measured from the store's side as that job ended.
    _Atomic uint64_t blocked_for_store_ns;
    /// The running job's kind (LabJobClockKind): where a hold found from the store's side is
    /// recorded at once.
    _Atomic int kind;
    /// When a job it caused (a task it started) first sent a store job while it ran, and its
    /// time on a core then, read through `cpu_clock`, the thread's clock; `caused_job` is the
    /// number of the job they belong to, claimed first, so that a note that comes late
    /// cannot pass for the next job's.
    _Atomic uint64_t caused_job, caused_sent_ns, caused_sent_on_core_ns;
    _Atomic int cpu_clock;
} JobSlot;

enum { slot_count = 4096 };
static JobSlot slots[slot_count];
static _Atomic int slots_taken;
/// This thread's slot, from 1; 0 before its first timed job, -1 when none was left.
static _Thread_local int slot_number;
static _Thread_local int timed_jobs_running;
/// The job that caused the one running on this thread, when another did: the job that
/// sent it, or the job that sent that one. A job that starts a task and spins until the
/// task's store work is done waits for the store as surely as one that sends it itself.
static _Thread_local LabJobClockJob running_origin;
/// When the job running on this thread first sent a job of the store itself, and its
/// scheduler times then: a wait for the store starts there.
static _Thread_local bool sent_a_store_job;
static _Thread_local uint64_t first_sent_ns;
static _Thread_local SchedulerTimes first_sent_times;

static JobSlot *this_threads_slot(void) {
    if (slot_number == 0) {
        int taken = atomic_fetch_add_explicit(&slots_taken, 1, memory_order_relaxed);
        slot_number = taken < slot_count ? taken + 1 : -1;
        if (slot_number > 0) {
            atomic_store_explicit(&slots[slot_number - 1].tid, (int)gettid(), memory_order_relaxed);
            clockid_t cpu_clock;
            if (pthread_getcpuclockid(pthread_self(), &cpu_clock) == 0) {
                atomic_store_explicit(&slots[slot_number - 1].cpu_clock, (int)cpu_clock, memory_order_relaxed);
            }
        }
    }
    return slot_number > 0 ? &slots[slot_number - 1] : NULL;
}

/// Whether `job` still runs: its slot has not moved on to another job.
static bool still_runs(LabJobClockJob job) {
    return job.slot != 0 && job.slot <= slot_count
        && atomic_load_explicit(&slots[job.slot - 1].job, memory_order_relaxed) == job.job;
}

LabJobClockSender lab_job_clock_current_job(void) {
    JobSlot *slot = timed_jobs_running > 0 ? this_threads_slot() : NULL;
    if (slot == NULL) return (LabJobClockSender){{0, 0}, {0, 0}};
    LabJobClockJob job = {(uint32_t)slot_number, atomic_load_explicit(&slot->job, memory_order_relaxed)};
    // The cause is the nearest job up the chain that still runs: one that has ended waits
    // for nothing, and everything descends from the first job of all.
    return (LabJobClockSender){job, still_runs(running_origin) ? running_origin : job};
}

/// Another thread's time on a core, exact (its CPU clock), or 0.
static uint64_t thread_on_core_ns(JobSlot *slot) {
    struct timespec cpu;
    if (clock_gettime((clockid_t)atomic_load_explicit(&slot->cpu_clock, memory_order_relaxed), &cpu) != 0) return 0;
    return (uint64_t)cpu.tv_sec * 1000000000u + (uint64_t)cpu.tv_nsec;
}

/// Notes, in the job that caused this one, that a store job was sent on its behalf: a job
/// that starts a task and spins until the task's store work is done waits from here. For a
/// job on a context's queue, the only kind ``measure_spinning`` judges.
static void note_caused_send(void) {
    if (!still_runs(running_origin)) return;
    JobSlot *origin = &slots[running_origin.slot - 1];
    if (atomic_load_explicit(&origin->kind, memory_order_relaxed) != lab_job_clock_context_queue) return;
    // The first caused send of the job claims the note; the others, and any of an earlier
    // job that comes late, find it claimed.
    uint64_t unclaimed = 0;
    if (!atomic_compare_exchange_strong_explicit(&origin->caused_job, &unclaimed, running_origin.job, memory_order_acq_rel, memory_order_relaxed)) return;
    uint64_t on_core = thread_on_core_ns(origin);
    if (on_core == 0) return;
    atomic_store_explicit(&origin->caused_sent_on_core_ns, on_core, memory_order_relaxed);
    atomic_store_explicit(&origin->caused_sent_ns, monotonic_ns(), memory_order_release);
}

void lab_job_clock_store_job_sent(void) {
    if (timed_jobs_running == 0) return;
    note_caused_send();
    if (sent_a_store_job) return;
    sent_a_store_job = true;
    first_sent_ns = monotonic_ns();
    first_sent_times = scheduler_times();
    JobSlot *slot = this_threads_slot();
    if (slot == NULL) return;
    atomic_store_explicit(&slot->sent_on_core_ns, first_sent_times.on_core_ns, memory_order_relaxed);
    atomic_store_explicit(&slot->sent_waiting_ns, first_sent_times.waiting_ns, memory_order_relaxed);
    atomic_store_explicit(&slot->sent_ns, first_sent_ns, memory_order_release);
}

static void mark_waited(LabJobClockJob job, uint64_t now) {
    if (still_runs(job)) atomic_store_explicit(&slots[job.slot - 1].store_job_ended_ns, now, memory_order_relaxed);
}

/// Reads `path` into `text`, NUL-terminated; false when it cannot.
static bool read_text(const char *path, char *text, size_t size) {
    int file = open(path, O_RDONLY | O_CLOEXEC);
    if (file < 0) return false;
    ssize_t length = read(file, text, size - 1);
    close(file);
    if (length <= 0) return false;
    text[length] = 0;
    return true;
}

/// Whether thread `tid` of this process is blocked (state S or D), and its time on a core and
/// waiting for one (its schedstat, exact for a thread that is not running).
static bool blocked_thread_times(int tid, uint64_t *on_core_ns, uint64_t *waiting_ns) {
    char path[64], text[512];
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
    if (!read_text(path, text, sizeof text)) return false;
    // "tid (name) S …": the name may hold spaces and parentheses; the state follows the last ')'.
    char *close_paren = strrchr(text, ')');
    if (close_paren == NULL || (close_paren[2] != 'S' && close_paren[2] != 'D')) return false;
    snprintf(path, sizeof path, "/proc/self/task/%d/schedstat", tid);
    if (!read_text(path, text, sizeof text)) return false;
    char *end = text;
    *on_core_ns = strtoull(end, &end, 10);
    *waiting_ns = strtoull(end, &end, 10);
    return true;
}

/// A job that waited for a store job and computed at least this long, and at least one part
/// in `spinning_share` of the wait, was spinning.
static const uint64_t spinning_ns = 200000u;
static const uint64_t spinning_share = 16u;

/// Keeps `held` as the longest hold found from the store's side for the job in `slot`.
static void record_hold_for_store(JobSlot *slot, uint64_t held) {
    uint64_t longest = atomic_load_explicit(&slot->blocked_for_store_ns, memory_order_relaxed);
    while (held > longest
           && !atomic_compare_exchange_weak_explicit(&slot->blocked_for_store_ns, &longest, held, memory_order_relaxed, memory_order_relaxed)) {
    }
    // Recorded now, not only when the job ends: a job may run for the rest of the check (a
    // task that switched into an idle actor goes on in the same job), past its last reading.
    int kind = atomic_load_explicit(&slot->kind, memory_order_relaxed);
    if (kind >= 0 && kind < 3) record_longest(&longest_hold_ns[kind], held);
}

/// As a store job `job` caused ends: when that job is blocked, off its core, it waits for the
/// store (or for what the store job's end releases). The time since it sent the store job (or,
/// for one whose task sent it, since it started) that it spent neither on a core nor waiting
/// for one is time it kept its thread blocked. Measured here, on the store's side, so that
/// what the job does after its wait (it may go on computing for long) cannot hide the wait.
static void measure_blocked(LabJobClockJob job, bool sent_it, uint64_t now) {
    if (!still_runs(job)) return;
    JobSlot *slot = &slots[job.slot - 1];
    uint64_t from = atomic_load_explicit(sent_it ? &slot->sent_ns : &slot->started_ns, memory_order_acquire);
    if (from == 0 || now <= from) return;
    uint64_t from_on_core = atomic_load_explicit(sent_it ? &slot->sent_on_core_ns : &slot->started_on_core_ns, memory_order_relaxed);
    uint64_t from_waiting = atomic_load_explicit(sent_it ? &slot->sent_waiting_ns : &slot->started_waiting_ns, memory_order_relaxed);
    uint64_t on_core, waiting;
    if (!blocked_thread_times(atomic_load_explicit(&slot->tid, memory_order_relaxed), &on_core, &waiting)) return;
    // The slot may have moved on to another job while it was read: then nothing is known.
    if (!still_runs(job)) return;
    uint64_t accounted = (on_core > from_on_core ? on_core - from_on_core : 0) + (waiting > from_waiting ? waiting - from_waiting : 0);
    record_hold_for_store(slot, now - from > accounted ? now - from - accounted : 0);
}

/// As a store job that a task `job` started sent ends, with `job` still running: a job that
/// kept computing since the task sent it (at least `spinning_ns`, and one part in
/// `spinning_share` of the time) was spinning until the task's work was done, and held its
/// thread all along. Measured here because the spin ends only when the task, resumed on
/// another thread, sets what it spins on: on a busy machine, later than a wait's answer.
/// On a context's queue only: the main queue's jobs are charged everything they do when they
/// end, and the pool may compute while a task it started works (exercise 19's check parses
/// its notes for 450 ms beside its import, on a busy machine).
static void measure_spinning(LabJobClockJob job, uint64_t now) {
    if (!still_runs(job)) return;
    JobSlot *slot = &slots[job.slot - 1];
    if (atomic_load_explicit(&slot->kind, memory_order_relaxed) != lab_job_clock_context_queue) return;
    if (atomic_load_explicit(&slot->caused_job, memory_order_acquire) != job.job) return;
    uint64_t from = atomic_load_explicit(&slot->caused_sent_ns, memory_order_acquire);
    if (from == 0 || now <= from) return;
    uint64_t from_on_core = atomic_load_explicit(&slot->caused_sent_on_core_ns, memory_order_relaxed);
    uint64_t on_core = thread_on_core_ns(slot);
    if (!still_runs(job)) return;
    uint64_t computed = on_core > from_on_core ? on_core - from_on_core : 0;
    if (computed >= spinning_ns && computed * spinning_share >= now - from) record_hold_for_store(slot, now - from);
}

/// ``measure_blocked`` for the job that sent a store job, and for the job up its chain
/// that caused it, when that is another.
static void measure_blocked_sender(LabJobClockSender sender, uint64_t now) {
    measure_blocked(sender.job, true, now);
    if (sender.origin.slot != sender.job.slot || sender.origin.job != sender.job.job) measure_blocked(sender.origin, false, now);
}

/// A waiting job is blocked while the store job it sent waits out the check's delay: found so
/// as the store job starts. At its end the waiter may be awake already (the store job's work
/// woke it, through a pipe, say) and go on in the same job for long, which no rule at the
/// waiter's end can tell from computing.
void lab_job_clock_store_job_started(LabJobClockSender sender) {
    uint64_t now = monotonic_ns();
    measure_blocked_sender(sender, now);
}

void lab_job_clock_store_job_ended(LabJobClockSender sender) {
    uint64_t now = monotonic_ns();
    mark_waited(sender.job, now);
    mark_waited(sender.origin, now);
    measure_blocked_sender(sender, now);
    if (sender.origin.slot != sender.job.slot || sender.origin.job != sender.job.job) measure_spinning(sender.origin, now);
}

// MARK: - Timing a job

/// How soon after the store job it caused a job must end to have waited for it.
static const uint64_t answered_within_ns = 2000000u;
/// A pool job that spent longer than this on a core is computing, and its sleeps are turns at
/// locks, not waits.
static const uint64_t computing_ns = 2000000u;
/// A job that waited for a store job it sent and gave up its core this many times or more
/// meanwhile was polling (a sleep, a `select`, a timed wait in a loop).
static const uint64_t polling_waits = 4u;


LabJobClockTiming lab_job_clock_begin(LabJobClockKind kind, LabJobClockSender sender) {
    running_origin = sender.origin;
    sent_a_store_job = false;
    JobSlot *slot = this_threads_slot();
    SchedulerTimes times = scheduler_times();
    uint64_t start = monotonic_ns();
    if (slot != NULL) {
        atomic_store_explicit(&slot->sent_ns, 0, memory_order_relaxed);
        atomic_store_explicit(&slot->blocked_for_store_ns, 0, memory_order_relaxed);
        atomic_store_explicit(&slot->caused_sent_ns, 0, memory_order_relaxed);
        atomic_store_explicit(&slot->caused_job, 0, memory_order_relaxed);
        atomic_store_explicit(&slot->started_on_core_ns, times.on_core_ns, memory_order_relaxed);
        atomic_store_explicit(&slot->started_waiting_ns, times.waiting_ns, memory_order_relaxed);
        atomic_store_explicit(&slot->kind, (int)kind, memory_order_relaxed);
        atomic_store_explicit(&slot->started_ns, start, memory_order_release);
        atomic_fetch_add_explicit(&slot->job, 1, memory_order_relaxed);
        atomic_store_explicit(&slot->store_job_ended_ns, 0, memory_order_relaxed);
    }
    timed_jobs_running += 1;
    return (LabJobClockTiming){
        .kind = kind, .start_ns = start, .on_core_ns = times.on_core_ns, .waiting_ns = times.waiting_ns,
        .waits = times.waits,
    };
}

void lab_job_clock_end(LabJobClockTiming timing) {
    uint64_t end = monotonic_ns();
    uint64_t wall = end - timing.start_ns;
    SchedulerTimes after = scheduler_times();
    timed_jobs_running -= 1;
    running_origin = (LabJobClockJob){0, 0};
    JobSlot *slot = this_threads_slot();
    uint64_t store_job_ended = slot != NULL ? atomic_load_explicit(&slot->store_job_ended_ns, memory_order_relaxed) : 0;
    uint64_t blocked_for_store = slot != NULL ? atomic_load_explicit(&slot->blocked_for_store_ns, memory_order_relaxed) : 0;
    if (slot != NULL) atomic_fetch_add_explicit(&slot->job, 1, memory_order_relaxed);
    // Waited for the store: a store job it caused ended, and the job ended right after, as a
    // wait does when its answer comes. A job that goes on computing after it started work
    // elsewhere ends whenever its computing does.
    bool waited = store_job_ended != 0 && end - store_job_ended <= answered_within_ns;
    uint64_t on_core = after.on_core_ns - timing.on_core_ns;
    uint64_t waiting_for_a_core = after.waiting_ns - timing.waiting_ns;
    uint64_t accounted = on_core + waiting_for_a_core;
    // Time neither on a core nor waiting for one is a sleep only if the thread gave up its
    // core to wait: a thread whose group has used its CPU quota is stopped without a wait of
    // its own, and that time is counted in neither field.
    uint64_t slept = after.waits > timing.waits && wall > accounted ? wall - accounted : 0;
    // What the job kept its thread for: computing or sleeping.
    uint64_t kept = on_core + slept;
    // A job that waited for a store job it sent itself is charged from the moment it sent
    // it: what it computed before (a save of its own, say, preempted on a busy machine) is
    // not a wait. A job whose store job a task it started sent is charged its whole time.
    uint64_t span = wall, on_core_in_span = on_core;
    if (waited && sent_a_store_job) {
        span = end - first_sent_ns;
        on_core_in_span = after.on_core_ns - first_sent_times.on_core_ns;
        uint64_t accounted_since = on_core_in_span + (after.waiting_ns - first_sent_times.waiting_ns);
        uint64_t slept_since = after.waits > first_sent_times.waits && span > accounted_since ? span - accounted_since : 0;
        kept = on_core_in_span + slept_since;
    }
    // A job that kept computing after it sent the store job it waited for was spinning: on a
    // busy machine a spin that yields its core between turns (sched_yield) spends most of its
    // time waiting for one, and still takes its thread, so it is charged the whole wait. A
    // job that only sent the store job and was preempted before it ended computed a few
    // microseconds meanwhile. Only where the job sent it itself: a job that caused it further
    // up a chain (it resumed a task that sent it) may have computed before, not meanwhile.
    if (waited && sent_a_store_job && on_core_in_span >= spinning_ns && on_core_in_span * spinning_share >= span) kept = span;
    // A job that gave up its core again and again until the store job it sent had ended was
    // polling: each wake-up waits for a core on a busy machine, time the rule above never
    // charges, and the thread is the poller's all along. Charged the whole wait. A job that
    // sent a store job and returned (an await) blocks at most once or twice meanwhile, at a
    // lock of the allocator's or the kernel's.
    if (waited && sent_a_store_job && after.waits - first_sent_times.waits >= polling_waits) kept = span;
    sent_a_store_job = false;
    uint64_t held;
    switch (timing.kind) {
    case lab_job_clock_pool:
        // The pool may compute: only a wait, or a spin until a store job it caused ended.
        // A job that computes sleeps too, at the allocator's and the kernel's memory locks
        // (up to four fifths of exercise 19's import jobs on a busy machine); a job that
        // waits computes little, or sleeps nearly all its time (a default actor's job that
        // ran many calls, each waiting).
        held = waited ? kept : (on_core <= computing_ns || slept * 10 >= kept * 9 ? slept : 0);
        break;
    case lab_job_clock_main:
        // The main thread is held by whatever it does: the interface draws no frame meanwhile.
        held = kept;
        break;
    default:
        // A context's queue runs the store's own work, which may sleep on the store's locks:
        // only a wait for a store job it caused holds it.
        held = waited ? kept : 0;
        break;
    }
    // However long the job went on afterwards, the time it was found blocked while a store
    // job it caused ran held its thread.
    if (blocked_for_store > held) held = blocked_for_store;
    record_longest(&longest_hold_ns[timing.kind], held);
    atomic_fetch_add_explicit(&jobs_timed[timing.kind], 1, memory_order_relaxed);
}

static void run_timed(void (*work)(void *), void *context, LabJobClockKind kind, LabJobClockSender sender) {
    LabJobClockTiming timing = lab_job_clock_begin(kind, sender);
    work(context);
    lab_job_clock_end(timing);
}

static void run_global_job(void *job) {
    swift_job_run(job, (JobExecutorRef){0, 0});
}

// MARK: - The pool

typedef struct QueuedJob {
    void *job;
    /// The job that queued it, when the clock ran that one.
    LabJobClockSender sender;
    struct QueuedJob *next;
} QueuedJob;

// Jobs are queued from inside timed jobs, so queuing never blocks: a lock there, taken by a
// thread the machine then preempts, would make the queuing job sleep and count as held.
// New jobs go on a lock-free stack; the pool's threads take them off in a batch, in order,
// under a lock of their own, and sleep on a semaphore that counts the jobs queued.
static _Atomic(QueuedJob *) incoming;
static sem_t jobs_queued;

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static QueuedJob *ready_first;
static QueuedJob *ready_last;
static _Atomic int threads;
static _Atomic int idle_threads;
/// When a pool thread last started a job: a pool whose threads are all held since longer
/// than `rescue_after_ns`, with jobs waiting, gets one thread more.
static _Atomic uint64_t last_progress_ns;
static const uint64_t rescue_after_ns = 200000000u;
static const int most_threads = 64;

/// The next job in the order queued, or NULL; called with the pool's lock held.
static QueuedJob *next_ready(void) {
    if (ready_first == NULL) {
        QueuedJob *taken = atomic_exchange_explicit(&incoming, NULL, memory_order_acquire);
        // The stack is newest first: reverse it.
        while (taken != NULL) {
            QueuedJob *next = taken->next;
            taken->next = ready_first;
            if (ready_first == NULL) ready_last = taken;
            ready_first = taken;
            taken = next;
        }
    }
    QueuedJob *job = ready_first;
    if (job != NULL) {
        ready_first = job->next;
        if (ready_first == NULL) ready_last = NULL;
    }
    return job;
}

static void *pool_thread(void *unused) {
    (void)unused;
    for (;;) {
        atomic_fetch_add_explicit(&idle_threads, 1, memory_order_relaxed);
        while (sem_wait(&jobs_queued) != 0) {}
        atomic_fetch_sub_explicit(&idle_threads, 1, memory_order_relaxed);
        pthread_mutex_lock(&pool_lock);
        QueuedJob *queued = next_ready();
        pthread_mutex_unlock(&pool_lock);
        if (queued == NULL) continue;
        atomic_store_explicit(&last_progress_ns, monotonic_ns(), memory_order_relaxed);
        void *job = queued->job;
        LabJobClockSender sender = queued->sender;
        free(queued);
        run_timed(run_global_job, job, lab_job_clock_pool, sender);
    }
    return NULL;
}

static void add_thread(void) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, pool_thread, NULL) == 0) {
        pthread_detach(thread);
        atomic_fetch_add_explicit(&threads, 1, memory_order_relaxed);
    }
}

static void *rescuer(void *unused) {
    (void)unused;
    for (;;) {
        usleep(50000);
        int waiting = 0;
        sem_getvalue(&jobs_queued, &waiting);
        if (waiting > 0 && atomic_load(&idle_threads) == 0 && atomic_load(&threads) < most_threads
            && monotonic_ns() - atomic_load(&last_progress_ns) > rescue_after_ns) {
            add_thread();
            atomic_store(&last_progress_ns, monotonic_ns());
        }
    }
    return NULL;
}

static QueuedJob *make_queued_job(void *job) {
    QueuedJob *queued = malloc(sizeof *queued);
    if (queued == NULL) abort();
    queued->job = job;
    queued->sender = lab_job_clock_current_job();
    queued->next = NULL;
    return queued;
}

static void push(QueuedJob *queued) {
    QueuedJob *top = atomic_load_explicit(&incoming, memory_order_relaxed);
    do {
        queued->next = top;
    } while (!atomic_compare_exchange_weak_explicit(&incoming, &top, queued, memory_order_release, memory_order_relaxed));
    sem_post(&jobs_queued);
}

// MARK: - The main queue

static _Atomic bool timing_main_queue;

#if !__has_feature(thread_sanitizer)

#include <dlfcn.h>

/// Work bound for the main queue.
typedef struct {
    void *context;
    void (*work)(void *);
    LabJobClockSender sender;
} MainQueueWork;

static void run_main_queue_work(void *boxed) {
    MainQueueWork work = *(MainQueueWork *)boxed;
    free(boxed);
    run_timed(work.work, work.context, lab_job_clock_main, work.sender);
}

typedef void (*DispatchAsyncFunction)(dispatch_queue_t queue, void *context, void (*work)(void *));

// The main actor's jobs reach the main queue through `dispatch_async_f`, called by the Swift
// runtime (its main-executor hook is not consulted in Swift 6.3). A definition in the
// executable comes first for calls from other libraries; once the clock runs, work bound for
// the main queue is timed, and everything else passes straight on.
void dispatch_async_f(dispatch_queue_t queue, void *context, void (*work)(void *)) {
    static _Atomic(DispatchAsyncFunction) real_dispatch_async_f;
    DispatchAsyncFunction real = atomic_load_explicit(&real_dispatch_async_f, memory_order_relaxed);
    if (real == NULL) {
        real = (DispatchAsyncFunction)dlsym(RTLD_NEXT, "dispatch_async_f");
        atomic_store_explicit(&real_dispatch_async_f, real, memory_order_relaxed);
    }
    if (queue == &_dispatch_main_q && atomic_load_explicit(&timing_main_queue, memory_order_relaxed)) {
        MainQueueWork *boxed = malloc(sizeof *boxed);
        if (boxed != NULL) {
            boxed->context = context;
            boxed->work = work;
            boxed->sender = lab_job_clock_current_job();
            real(queue, boxed, run_main_queue_work);
            return;
        }
    }
    real(queue, context, work);
}

#endif

// MARK: - The hooks

static dispatch_queue_t timers;

static void push_after_delay(void *queued) { push(queued); }

static __attribute__((swiftcall)) void enqueue(void *job, EnqueueOriginal original) {
    (void)original;
    lab_enqueue_counter_count();
    push(make_queued_job(job));
}

static __attribute__((swiftcall)) void enqueue_after(unsigned long long nanoseconds, void *job, DelayOriginal original) {
    (void)original;
    dispatch_after_f(dispatch_time(0, (int64_t)nanoseconds), timers, make_queued_job(job), push_after_delay);
}

static __attribute__((swiftcall)) void enqueue_at(
    long long seconds, long long nanoseconds, long long toleranceSeconds, long long toleranceNanoseconds, int clock, void *job,
    DeadlineOriginal original)
{
    (void)original;
    (void)toleranceSeconds;
    (void)toleranceNanoseconds;
    long long nowSeconds = 0, nowNanoseconds = 0;
    swift_get_time(&nowSeconds, &nowNanoseconds, clock);
    long long delay = (seconds - nowSeconds) * 1000000000LL + (nanoseconds - nowNanoseconds);
    dispatch_after_f(dispatch_time(0, delay > 0 ? delay : 0), timers, make_queued_job(job), push_after_delay);
}

static bool installed;

static void install(void) {
    timers = dispatch_queue_create("lab.job-clock.timers", NULL);
    sem_init(&jobs_queued, 0, 0);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    atomic_store(&last_progress_ns, monotonic_ns());
    for (long index = 0; index < (cores > 0 ? cores : 1); index++) add_thread();
    pthread_t thread;
    if (pthread_create(&thread, NULL, rescuer, NULL) == 0) pthread_detach(thread);
    swift_task_enqueueGlobalWithDelay_hook = enqueue_after;
    swift_task_enqueueGlobalWithDeadline_hook = enqueue_at;
    swift_task_enqueueGlobal_hook = enqueue;
    atomic_store(&timing_main_queue, true);
    installed = true;
}

bool lab_job_clock_is_sanitized(void) {
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
    return true;
#else
    return false;
#endif
}

bool lab_job_clock_is_available(void) { return !lab_job_clock_is_sanitized(); }

bool lab_job_clock_install(void) {
    if (lab_job_clock_is_sanitized()) return false;
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install);
    return installed;
}

bool lab_job_clock_times_the_main_queue(void) {
#if __has_feature(thread_sanitizer)
    return false;
#else
    return atomic_load(&timing_main_queue);
#endif
}

LabJobClockReading lab_job_clock_take(void) {
    LabJobClockReading reading;
    for (int kind = 0; kind < 3; kind++) {
        reading.longest_hold_ns[kind] = atomic_exchange_explicit(&longest_hold_ns[kind], 0, memory_order_relaxed);
        reading.jobs[kind] = atomic_exchange_explicit(&jobs_timed[kind], 0, memory_order_relaxed);
    }
    return reading;
}

#else

// Elsewhere the clock is not installed, and checks report it as unavailable.
bool lab_job_clock_is_sanitized(void) { return false; }
bool lab_job_clock_is_available(void) { return false; }
bool lab_job_clock_install(void) { return false; }
bool lab_job_clock_times_the_main_queue(void) { return false; }
LabJobClockReading lab_job_clock_take(void) { return (LabJobClockReading){{0, 0, 0}, {0, 0, 0}}; }
LabJobClockTiming lab_job_clock_begin(LabJobClockKind kind, LabJobClockSender sender) {
    (void)sender;
    return (LabJobClockTiming){kind, 0, 0, 0, 0};
}
void lab_job_clock_end(LabJobClockTiming timing) { (void)timing; }
LabJobClockSender lab_job_clock_current_job(void) { return (LabJobClockSender){{0, 0}, {0, 0}}; }
void lab_job_clock_store_job_sent(void) {}
void lab_job_clock_store_job_started(LabJobClockSender sender) { (void)sender; }
void lab_job_clock_store_job_ended(LabJobClockSender sender) { (void)sender; }

#endif
