#ifndef CCHILDPROCESS_H
#define CCHILDPROCESS_H

#include <stdint.h>
#include <sys/types.h>

/// Starting and waiting for child processes, in C because what runs between `fork` and
/// `exec` must be async-signal-safe: no allocation, no lock, only system calls.

/// The limits a child can be started with (`setrlimit`), named apart from the platform's
/// `RLIMIT_*` constants, whose types differ between Glibc and Darwin.
typedef enum {
    LAB_LIMIT_CPU_SECONDS = 0,
    LAB_LIMIT_ADDRESS_SPACE = 1,
    LAB_LIMIT_FILE_SIZE = 2,
    LAB_LIMIT_PROCESSES = 3,
    LAB_LIMIT_OPEN_FILES = 4,
} lab_limit_kind;

typedef struct {
    lab_limit_kind kind;
    uint64_t soft;
    uint64_t hard;
} lab_limit;

/// The step of the start that failed.
typedef enum {
    LAB_SPAWN_STARTED = 0,
    LAB_SPAWN_FAILED_PIPE = 1,
    LAB_SPAWN_FAILED_FORK = 2,
    LAB_SPAWN_FAILED_GROUP = 3,
    LAB_SPAWN_FAILED_LIMIT = 4,
    LAB_SPAWN_FAILED_FOLDER = 5,
    LAB_SPAWN_FAILED_STREAMS = 6,
    LAB_SPAWN_FAILED_EXEC = 7,
} lab_spawn_step;

/// Starts `path` with `argv` and `envp`: standard input from /dev/null, standard output
/// and standard error to `output`, every signal at its default and none blocked, every
/// other descriptor closed at exec; in `folder` when it is not NULL; as the leader of a
/// process group of its own when `new_group` is not 0; with `limits` (never raised above
/// this process's hard limits). Returns 0 and the child's pid, or the failed step and
/// sets `*error` to its errno.
int lab_spawn(const char *path, char *const argv[], char *const envp[], const char *folder, int output,
              int new_group, const lab_limit *limits, int limit_count, pid_t *pid, int *error);

/// 1 when `pid` has ended, without reaping it (the pid, and its process group, stay
/// reserved until `lab_reap`); 0 while it runs; -1 with errno on an error.
int lab_has_exited(pid_t pid);

/// Waits for `pid` and reaps it: sets `*exit_status` (or -1) and `*signal` (or 0).
int lab_reap(pid_t pid, int *exit_status, int *signal);

/// A pipe whose two ends close at exec: 0, or -1 with errno.
int lab_pipe(int descriptors[2]);

/// Makes this process adopt every orphan among its descendants (Linux's
/// PR_SET_CHILD_SUBREAPER), so that a process a child left behind, even in a session of its
/// own, stays below it; 0 on success, -1 where the system has no such thing.
int lab_become_subreaper(void);

/// 1 when this process adopts its descendants' orphans (``lab_become_subreaper``), else 0.
int lab_is_subreaper(void);

/// This process's limit of `kind`: its soft value, UINT64_MAX when unlimited.
uint64_t lab_current_limit(lab_limit_kind kind);

#endif
