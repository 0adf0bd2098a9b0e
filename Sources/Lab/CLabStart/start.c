#include "CLabStart.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

/// One limit `lab` needs at least `needed` of, in the unit `ulimit` shows it in.
struct need {
    int resource;
    uint64_t needed;      // in bytes, or a count
    uint64_t unit;        // ulimit's unit: 1, or 1024 bytes
    const char *what;
    const char *option;
};

/// Each is about twice the most a run was seen to use (Docs/Reliability.md): `lab bench
/// --quick` held at most 27 descriptors and 500 MB of address space; a thread's stack is
/// 8 MiB by default.
static const struct need needs[] = {
    {RLIMIT_NOFILE, 64, 1, "open files", "-n"},
    {RLIMIT_AS, 2048ULL << 20, 1024, "KiB of address space", "-v"},
    {RLIMIT_DATA, 2048ULL << 20, 1024, "KiB of data", "-d"},
    {RLIMIT_STACK, 1ULL << 20, 1024, "KiB of stack", "-s"},
};

/// Before `main`: raises each soft limit to what `lab` needs when its hard limit allows,
/// and otherwise ends the process with one line and exit 74 (EX_IOERR), before the runtime
/// fails on its own: under `ulimit -n 4` its set-up stopped with SIGILL, and under
/// `ulimit -v 100000` Dispatch waited forever for a thread it could not start.
__attribute__((constructor)) static void lab_check_limits(void) {
    for (size_t index = 0; index < sizeof needs / sizeof needs[0]; index++) {
        const struct need *need = &needs[index];
        struct rlimit limit;
        if (getrlimit(need->resource, &limit) != 0) continue;
        if (limit.rlim_cur == RLIM_INFINITY || (uint64_t)limit.rlim_cur >= need->needed) continue;
        if (limit.rlim_max == RLIM_INFINITY || (uint64_t)limit.rlim_max >= need->needed) {
            struct rlimit raised = {(rlim_t)need->needed, limit.rlim_max};
            if (setrlimit(need->resource, &raised) == 0) continue;
        }
        char line[300];
        int length = snprintf(line, sizeof line,
            "lab: lab needs at least %llu %s, and this process may have %llu (ulimit %s): raise the limit with ulimit %s %llu\n",
            (unsigned long long)(need->needed / need->unit), need->what,
            (unsigned long long)((uint64_t)limit.rlim_cur / need->unit), need->option, need->option,
            (unsigned long long)(need->needed / need->unit));
        if (length > 0) {
            size_t size = (size_t)length < sizeof line ? (size_t)length : sizeof line - 1;
            ssize_t written = write(STDERR_FILENO, line, size);
            (void)written;
        }
        _exit(74);
    }
}

/// Before any thread starts: blocks the signals `lab` turns into a clean stop (Interruption's
/// `handledSignals`, the same list), so that every thread inherits the block and the
/// kernel keeps such a signal pending for the whole process until Dispatch reads it. A
/// thread that did not block one would take it instead, and Dispatch's handler would raise
/// it again on that thread alone, where nothing reads it: 3 SIGPROFs in 21 were lost
/// so. (SIGPROF is no longer among them: it is ignored, and left unblocked for the Swift
/// runtime's crash handler; see Interruption.install.) `lab` installs its signal sources
/// first thing (`Lab.run`); a child starts with no signal blocked.
__attribute__((constructor)) static void lab_block_stop_signals(void) {
    sigset_t stops;
    sigemptyset(&stops);
    int signals[] = {
        SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ,
#if defined(__linux__)
        SIGIO, SIGPWR, SIGSTKFLT,
#endif
    };
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) sigaddset(&stops, signals[index]);
    sigprocmask(SIG_BLOCK, &stops, NULL);
}

void lab_start_checked(void) {}
