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

#endif
