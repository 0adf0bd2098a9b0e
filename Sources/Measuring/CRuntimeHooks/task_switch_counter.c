// Counts actor hops by interposing the Swift runtime's `swift_task_switch`.
//
// The compiler lowers every hop (`hop_to_executor`) to a call of `swift_task_switch`, for
// default actors, global actors, custom executors and the generic executor alike. A
// definition of that symbol in the executable takes precedence over the one in
// libswift_Concurrency.so for calls from Swift code; it counts, then tail-calls the real
// one. Hops the concurrency library makes internally (inside Task.sleep, task groups)
// call its own copy directly and are not seen.
//
// Comparing the target executor with the current one separates real hops from no-op
// switches (a call to the executor the task is already on).

#define _GNU_SOURCE
#include "CRuntimeHooks.h"

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__)) && __has_attribute(swiftasynccall)

#include <dlfcn.h>
#include <stdatomic.h>

/// An executor reference: two words, as the runtime passes and returns it.
typedef struct {
    void *identity;
    uintptr_t implementation;
} ExecutorRef;

typedef __attribute__((swiftasynccall)) void (*ResumeFunction)(__attribute__((swift_async_context)) void *);
typedef __attribute__((swiftasynccall)) void (*TaskSwitchFunction)(
    __attribute__((swift_async_context)) void *, ResumeFunction, void *, uintptr_t);

extern __attribute__((swiftcall)) ExecutorRef swift_task_getCurrentExecutor(void);

static _Atomic bool counting;
static _Atomic uint64_t switch_calls;
static _Atomic uint64_t real_hops;
static _Atomic(TaskSwitchFunction) real_task_switch;

bool lab_hop_counter_is_available(void) { return true; }

void lab_enqueue_counter_install(void);

void lab_hop_counter_set_enabled(bool enabled) {
    if (enabled) lab_enqueue_counter_install();
    atomic_store(&counting, enabled);
}

uint64_t lab_hop_counter_switch_calls(void) { return atomic_load(&switch_calls); }

uint64_t lab_hop_counter_real_hops(void) { return atomic_load(&real_hops); }

// snippet: hook
__attribute__((swiftasynccall)) void swift_task_switch(
    __attribute__((swift_async_context)) void *context, ResumeFunction resume,
    void *executor_identity, uintptr_t executor_implementation)
{
    TaskSwitchFunction real = atomic_load_explicit(&real_task_switch, memory_order_relaxed);
    if (real == NULL) {
        real = (TaskSwitchFunction)dlsym(RTLD_NEXT, "swift_task_switch");
        atomic_store_explicit(&real_task_switch, real, memory_order_relaxed);
    }
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&switch_calls, 1, memory_order_relaxed);
        ExecutorRef current = swift_task_getCurrentExecutor();
        if (current.identity != executor_identity || current.implementation != executor_implementation) {
            atomic_fetch_add_explicit(&real_hops, 1, memory_order_relaxed);
        }
    }
    __attribute__((musttail)) return real(context, resume, executor_identity, executor_implementation);
}
// snippet: end

// Counts jobs handed to the global pool through the runtime's documented hook: every
// `swift_task_enqueueGlobal`, from Swift code or from inside the runtime (a task resumed
// on the pool, a default actor scheduled to run), which an interposer of the symbol would
// not see. Installed the first time counting is turned on.
typedef __attribute__((swiftcall)) void (*EnqueueGlobalOriginal)(void *job);
typedef __attribute__((swiftcall)) void (*EnqueueGlobalHook)(void *job, EnqueueGlobalOriginal original);
extern EnqueueGlobalHook swift_task_enqueueGlobal_hook;

static _Atomic uint64_t global_enqueues;

void lab_enqueue_counter_count(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&global_enqueues, 1, memory_order_relaxed);
    }
}

static __attribute__((swiftcall)) void count_global_enqueue(void *job, EnqueueGlobalOriginal original) {
    lab_enqueue_counter_count();
    original(job);
}

void lab_enqueue_counter_install(void) {
    if (swift_task_enqueueGlobal_hook == NULL) swift_task_enqueueGlobal_hook = count_global_enqueue;
}

uint64_t lab_enqueue_counter_global_enqueues(void) { return atomic_load(&global_enqueues); }

#else

// Elsewhere the hook is not installed, and the lab reports hops as unavailable, never 0.
bool lab_hop_counter_is_available(void) { return false; }
void lab_hop_counter_set_enabled(bool enabled) { (void)enabled; }
uint64_t lab_hop_counter_switch_calls(void) { return 0; }
uint64_t lab_hop_counter_real_hops(void) { return 0; }
uint64_t lab_enqueue_counter_global_enqueues(void) { return 0; }

#endif
