#define _GNU_SOURCE
#include "CChildProcess.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

static int resource_of(lab_limit_kind kind) {
    switch (kind) {
    case LAB_LIMIT_CPU_SECONDS: return RLIMIT_CPU;
    case LAB_LIMIT_ADDRESS_SPACE: return RLIMIT_AS;
    case LAB_LIMIT_FILE_SIZE: return RLIMIT_FSIZE;
    case LAB_LIMIT_PROCESSES: return RLIMIT_NPROC;
    case LAB_LIMIT_OPEN_FILES: return RLIMIT_NOFILE;
    }
    return -1;
}

static rlim_t as_rlim(uint64_t value) {
    return value == UINT64_MAX ? RLIM_INFINITY : (rlim_t)value;
}

/// In the child, between fork and exec: reports the failed step to the parent and ends.
static void fail(int report, int step) {
    int message[2] = {step, errno};
    ssize_t written;
    do {
        written = write(report, message, sizeof message);
    } while (written < 0 && errno == EINTR);
    _exit(127);
}

/// Marks every descriptor from 3 up to be closed at exec.
static void close_others_at_exec(void) {
#if defined(__linux__) && defined(SYS_close_range)
    // CLOSE_RANGE_CLOEXEC (Linux 5.11): one call, whatever the limit.
    if (syscall(SYS_close_range, 3U, ~0U, 4U) == 0) return;
#endif
    struct rlimit open_files;
    rlim_t last = 4096;
    if (getrlimit(RLIMIT_NOFILE, &open_files) == 0 && open_files.rlim_cur != RLIM_INFINITY && open_files.rlim_cur < 65536) {
        last = open_files.rlim_cur;
    }
    for (int descriptor = 3; descriptor < (int)last; descriptor++) {
        int flags = fcntl(descriptor, F_GETFD);
        if (flags >= 0 && !(flags & FD_CLOEXEC)) fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC);
    }
}

static void in_child(const char *path, char *const argv[], char *const envp[], const char *folder, int output,
                     int new_group, const lab_limit *limits, int limit_count, int report) {
    // Ignored signals stay ignored across exec (the lab ignores SIGPIPE, and the signals it
    // turns into dispatch sources): the child starts with every one at its default.
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    for (int number = 1; number < NSIG; number++) {
        if (number != SIGKILL && number != SIGSTOP) sigaction(number, &action, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);

    if (new_group && setpgid(0, 0) != 0) fail(report, LAB_SPAWN_FAILED_GROUP);
    for (int index = 0; index < limit_count; index++) {
        int resource = resource_of(limits[index].kind);
        struct rlimit current;
        if (resource < 0 || getrlimit(resource, &current) != 0) fail(report, LAB_SPAWN_FAILED_LIMIT);
        // Only ever lowered: an unprivileged process cannot raise its hard limit.
        struct rlimit wanted = {as_rlim(limits[index].soft), as_rlim(limits[index].hard)};
        if (current.rlim_max != RLIM_INFINITY && (wanted.rlim_max == RLIM_INFINITY || wanted.rlim_max > current.rlim_max)) {
            wanted.rlim_max = current.rlim_max;
        }
        if (wanted.rlim_max != RLIM_INFINITY && (wanted.rlim_cur == RLIM_INFINITY || wanted.rlim_cur > wanted.rlim_max)) {
            wanted.rlim_cur = wanted.rlim_max;
        }
        if (setrlimit(resource, &wanted) != 0) fail(report, LAB_SPAWN_FAILED_LIMIT);
    }
    if (folder != NULL && chdir(folder) != 0) fail(report, LAB_SPAWN_FAILED_FOLDER);

    int null = open("/dev/null", O_RDONLY);
    if (null < 0) fail(report, LAB_SPAWN_FAILED_STREAMS);
    if (null != STDIN_FILENO) {
        if (dup2(null, STDIN_FILENO) < 0) fail(report, LAB_SPAWN_FAILED_STREAMS);
        close(null);
    }
    for (int stream = STDOUT_FILENO; stream <= STDERR_FILENO; stream++) {
        if (output == stream) {
            // dup2 onto itself keeps close-on-exec: clear it instead.
            if (fcntl(stream, F_SETFD, 0) != 0) fail(report, LAB_SPAWN_FAILED_STREAMS);
        } else if (dup2(output, stream) < 0) {
            fail(report, LAB_SPAWN_FAILED_STREAMS);
        }
    }
    close_others_at_exec();
    execve(path, argv, envp);
    fail(report, LAB_SPAWN_FAILED_EXEC);
}

int lab_spawn(const char *path, char *const argv[], char *const envp[], const char *folder, int output,
              int new_group, const lab_limit *limits, int limit_count, pid_t *pid, int *error) {
    int report[2];
#if defined(__linux__)
    if (pipe2(report, O_CLOEXEC) != 0) {
        *error = errno;
        return LAB_SPAWN_FAILED_PIPE;
    }
#else
    if (pipe(report) != 0) {
        *error = errno;
        return LAB_SPAWN_FAILED_PIPE;
    }
    fcntl(report[0], F_SETFD, FD_CLOEXEC);
    fcntl(report[1], F_SETFD, FD_CLOEXEC);
#endif
    pid_t child = fork();
    if (child < 0) {
        *error = errno;
        close(report[0]);
        close(report[1]);
        return LAB_SPAWN_FAILED_FORK;
    }
    if (child == 0) {
        close(report[0]);
        in_child(path, argv, envp, folder, output, new_group, limits, limit_count, report[1]);
    }
    close(report[1]);
    // Both sides set the group, so that it exists whichever runs first.
    if (new_group) setpgid(child, child);
    int message[2];
    ssize_t count;
    do {
        count = read(report[0], message, sizeof message);
    } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count == (ssize_t)sizeof message) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        *error = message[1];
        return message[0];
    }
    // End of file: exec closed the report pipe, the program runs.
    *pid = child;
    return LAB_SPAWN_STARTED;
}

int lab_has_exited(pid_t pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int code;
    do {
        code = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT);
    } while (code < 0 && errno == EINTR);
    if (code < 0) return -1;
    return info.si_pid == pid ? 1 : 0;
}

int lab_reap(pid_t pid, int *exit_status, int *signal) {
    int status = 0;
    pid_t done;
    do {
        done = waitpid(pid, &status, 0);
    } while (done < 0 && errno == EINTR);
    if (done < 0) return -1;
    *exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    *signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    return 0;
}

int lab_pipe(int descriptors[2]) {
#if defined(__linux__)
    return pipe2(descriptors, O_CLOEXEC);
#else
    if (pipe(descriptors) != 0) return -1;
    fcntl(descriptors[0], F_SETFD, FD_CLOEXEC);
    fcntl(descriptors[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

uint64_t lab_current_limit(lab_limit_kind kind) {
    struct rlimit limit;
    int resource = resource_of(kind);
    if (resource < 0 || getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return UINT64_MAX;
    return (uint64_t)limit.rlim_cur;
}

int lab_become_subreaper(void) {
#if defined(__linux__)
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 ? 0 : -1;
#else
    return -1;
#endif
}

int lab_is_subreaper(void) {
#if defined(__linux__)
    int flag = 0;
    return prctl(PR_GET_CHILD_SUBREAPER, &flag, 0, 0, 0) == 0 && flag != 0;
#else
    return 0;
#endif
}

