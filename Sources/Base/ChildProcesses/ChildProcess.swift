import CChildProcess
import Support
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ChildProcess

/// Runs a program to its end and collects what it printed.
///
/// Started with `fork` and `exec` from C (`CChildProcess`), not Foundation's `Process`, whose
/// set-up crashes with few descriptors left: a failed start is a ``ChildProcess/LaunchError`` with the
/// system's reason. The child is waited for by its exit, not by the end of its output, so a
/// process it left behind holding the pipe cannot keep the caller waiting; with `ownGroup`,
/// the child leads a process group of its own, and the whole group is killed when the child
/// ends, at its deadline, or when `lab` itself is stopped (``killRunning()``).
package enum ChildProcess {
    package struct Result: Sendable {
        /// Standard output and standard error, interleaved as written.
        package var output: String
        package var exitStatus: Int32?
        package var signal: Int32?
        /// True when the child was still running at the deadline and was killed.
        package var timedOut: Bool
        /// The child's process ID (0 in a result made by hand).
        package var pid: Int32

        package init(output: String, exitStatus: Int32?, signal: Int32?, timedOut: Bool = false, pid: Int32 = 0) {
            self.output = output
            self.exitStatus = exitStatus
            self.signal = signal
            self.timedOut = timedOut
            self.pid = pid
        }
    }

    /// Resource limits (`setrlimit`) a child starts with, inherited by every process it
    /// starts in turn. Nil leaves a limit as this process has it; a limit is only ever
    /// lowered.
    package struct Limits: Sendable, Equatable {
        package var cpuSeconds: UInt64?
        package var addressSpaceBytes: UInt64?
        package var fileSizeBytes: UInt64?
        /// Processes of the user (`RLIMIT_NPROC`): the kernel counts all of the user's
        /// processes against it, and does not apply it to root.
        package var processes: UInt64?

        package init(cpuSeconds: UInt64? = nil, addressSpaceBytes: UInt64? = nil, fileSizeBytes: UInt64? = nil, processes: UInt64? = nil) {
            self.cpuSeconds = cpuSeconds
            self.addressSpaceBytes = addressSpaceBytes
            self.fileSizeBytes = fileSizeBytes
            self.processes = processes
        }

        /// The limits this process runs under (inherited from whoever started it).
        package static var current: Limits {
            func value(_ kind: lab_limit_kind) -> UInt64? {
                let limit = lab_current_limit(kind)
                return limit == UInt64.max ? nil : limit
            }
            return Limits(
                cpuSeconds: value(LAB_LIMIT_CPU_SECONDS), addressSpaceBytes: value(LAB_LIMIT_ADDRESS_SPACE),
                fileSizeBytes: value(LAB_LIMIT_FILE_SIZE), processes: value(LAB_LIMIT_PROCESSES)
            )
        }

        /// The limit that stopped a process which ended with `signal` (or `exitStatus`)
        /// after printing `output`, in words: "the CPU-time limit of 90 s"; nil when no
        /// limit explains the end.
        package func reason(signal: Int32?, exitStatus: Int32?, output: String) -> String? {
            if signal == SIGXCPU, let cpuSeconds { return "the CPU-time limit of \(cpuSeconds) s" }
            if signal == SIGXFSZ, let fileSizeBytes { return "the file-size limit of \(Self.megabytes(fileSizeBytes))" }
            let ended = signal != nil || (exitStatus ?? 0) != 0
            if ended, let addressSpaceBytes,
               ["Could not allocate memory", "out of memory", "Cannot allocate memory", "bad_alloc"].contains(where: output.contains) {
                return "the address-space limit of \(Self.megabytes(addressSpaceBytes))"
            }
            if ended, let processes, output.contains("Resource temporarily unavailable") {
                return "the limit of \(processes) processes"
            }
            return nil
        }

        static func megabytes(_ bytes: UInt64) -> String {
            "\(bytes / (1 << 20)) MiB"
        }

        fileprivate var cLimits: [lab_limit] {
            var limits: [lab_limit] = []
            // The soft limit sends SIGXCPU, which says which limit it was; the hard one,
            // 5 s later, SIGKILL, for a process that ignores SIGXCPU.
            if let cpuSeconds { limits.append(lab_limit(kind: LAB_LIMIT_CPU_SECONDS, soft: cpuSeconds, hard: cpuSeconds + 5)) }
            if let addressSpaceBytes { limits.append(lab_limit(kind: LAB_LIMIT_ADDRESS_SPACE, soft: addressSpaceBytes, hard: addressSpaceBytes)) }
            if let fileSizeBytes { limits.append(lab_limit(kind: LAB_LIMIT_FILE_SIZE, soft: fileSizeBytes, hard: fileSizeBytes)) }
            if let processes { limits.append(lab_limit(kind: LAB_LIMIT_PROCESSES, soft: processes, hard: processes)) }
            return limits
        }
    }

    /// The environment variable that, set to `off`, keeps the backtracer off in every child.
    package static let backtraceSwitch = "LAB_BACKTRACE"

    /// The tool `name`: the path in the environment variable `variable` when it is set, else
    /// the first `name` on the `PATH`.
    package static func findTool(_ name: String, overriddenBy variable: String, in environment: [String: String]) -> URL? {
        if let path = environment[variable], !path.isEmpty { return URL(fileURLWithPath: path) }
        let folders = (environment["PATH"] ?? "").split(separator: ":")
        return folders.lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// This process's own executable file.
    package static var currentExecutable: URL {
        #if os(Linux)
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
        Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        #endif
    }

    /// The executable `name` in this executable's folder or one of the three above it: how
    /// a test process finds `lab`, built beside it by `swift test` (Linux: `…/debug/X.xctest`;
    /// macOS: `…/debug/X.xctest/Contents/MacOS/X`).
    package static func sibling(named name: String) -> URL? {
        nearby(name) { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The file or folder `name` in this executable's folder or one of the three above it,
    /// the first that `matches`: the build folder's `Modules`, beside a test executable.
    package static func nearby(_ name: String, where matches: (URL) -> Bool) -> URL? {
        var folder = currentExecutable.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if matches(candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Runs `executable` to its end, or until `timeout` passes, when it is killed; in
    /// `folder` when given, else in this process's current folder.
    ///
    /// The runtime's backtracer is off in the child unless `backtrace` is set: it would
    /// bury a crash's one-line message under the threads' stacks. With `backtrace`, the
    /// crashed thread's frames are printed, each with its source file and line, unless
    /// `environment` sets ``backtraceSwitch`` to `off`.
    ///
    /// With `ownGroup`, the child leads a process group of its own and everything in it is
    /// killed when the child ends: nothing it started outlives the call. Without it, the
    /// child stays in this process's group (a child that must share its parent's limits
    /// and fate, as an exercise's measuring child does). `limits` apply to the child and,
    /// inherited, to every process it starts.
    package static func run(
        _ executable: URL, arguments: [String], environment: [String: String],
        timeout: Duration? = nil, backtrace: Bool = false, in folder: URL? = nil,
        ownGroup: Bool = false, limits: Limits = Limits()
    ) async throws(ChildProcess.LaunchError) -> Result {
        var quiet = environment
        // LAB_BACKTRACE=off keeps the backtracer off in every child: `make race` sets it,
        // because under ThreadSanitizer a crashing child that starts it can hang.
        quiet["SWIFT_BACKTRACE"] = backtrace && environment[backtraceSwitch] != "off"
            ? "enable=yes,interactive=no,threads=crashed,registers=none,images=none,color=no,limit=64"
            : "enable=no"
        let request = Request(
            executable: executable.path, arguments: arguments, environment: quiet, timeout: timeout,
            folder: folder?.path, ownGroup: ownGroup, limits: limits
        )
        let outcome: Swift.Result<Result, ChildProcess.LaunchError> = await withCheckedContinuation { continuation in
            // Waiting blocks a thread: use one of Dispatch's, not the cooperative pool's.
            DispatchQueue.global().async {
                continuation.resume(returning: runBlocking(request))
            }
        }
        return try outcome.get()
    }

    /// Kills every child that a ``run(_:arguments:environment:timeout:backtrace:in:ownGroup:limits:)``
    /// is waiting for (the whole group of one started with `ownGroup`), and waits until
    /// each has ended: what `lab` does before it exits on a signal.
    /// Every child still running is killed when `lab` is stopped, before the stop removes
    /// any file: made once, by the first start.
    private static let killedOnStop: Void = Interruption.beforeStopping(killRunning)

    /// Makes this process adopt the orphans among its descendants (Linux): a process a
    /// child leaves behind, even in a session of its own or in a sandbox whose outer process
    /// has ended, becomes this process's child, and ends with the child that left it
    /// (``endAdoptedOrphans()``). For an executable only: every child of this process that
    /// ``run(_:arguments:environment:timeout:backtrace:in:ownGroup:limits:)`` did not start is
    /// taken for an orphan.
    package static func adoptOrphans() {
        _ = lab_become_subreaper()
    }

    package static func killRunning() {
        running.withLock { children in
            // Each child's descendants too, found before their parents die: a compiler's
            // driver starts each frontend in a process group of its own, which a group's kill
            // misses, and the frontend would write into a folder the stop removes next.
            let processes = Processes.now()
            var killed: Set<pid_t> = []
            for (pid, ownGroup) in children {
                let tree = processes.descendants(of: pid)
                for descendant in tree { kill(descendant, SIGKILL) }
                kill(ownGroup ? -pid : pid, SIGKILL)
                killed.formUnion(tree)
            }
            // A SIGKILL is delivered, not obeyed at once.
            Processes.waitUntilGone(killed, groups: Set(children.filter(\.value).keys))
            endAdoptedOrphans(besides: Set(children.keys))
            // Reaped here, under the lock, so that a waiter cannot reap one first and free
            // its number for another process while this loop still holds it.
            for pid in children.keys {
                var status: Int32 = 0
                var signal: Int32 = 0
                _ = lab_reap(pid, &status, &signal)
            }
            children.removeAll()
        }
    }

    // MARK: Running

    /// The children being waited for, and whether each leads its own group. A start holds
    /// its lock from fork to exec (``withNoChildStarting(_:)``).
    private static let running = LockedValue<[pid_t: Bool]>([:])

    /// Runs `body` while no child of this process is between fork and exec.
    ///
    /// A forked child holds a copy of every descriptor open at the fork until its exec
    /// closes it, close-on-exec ones included, and Linux refuses to run a file that any
    /// process holds open for writing ("Text file busy"). A program that writes a script and
    /// then runs it, while other threads start children, writes it inside this call.
    package static func withNoChildStarting<T>(_ body: () throws -> T) rethrows -> T {
        try running.withLock { _ in try body() }
    }

    private struct Request: Sendable {
        var executable: String
        var arguments: [String]
        var environment: [String: String]
        var timeout: Duration?
        var folder: String?
        var ownGroup: Bool
        var limits: Limits
    }

    private static func runBlocking(_ request: Request) -> Swift.Result<Result, ChildProcess.LaunchError> {
        var pipe: [Int32] = [-1, -1]
        guard lab_pipe(&pipe) == 0 else { return .failure(cannotLaunch(request, errno, "a pipe for its output")) }
        defer { close(pipe[0]) }
        let started = start(request, output: pipe[1])
        close(pipe[1])
        let pid: pid_t
        switch started {
        case .success(let child): pid = child
        case .failure(let error): return .failure(error)
        }
        var waited = wait(for: pid, reading: pipe[0], ownGroup: request.ownGroup, timeout: request.timeout)
        var result = Result(
            output: waited.output(), exitStatus: waited.exitStatus,
            signal: waited.signal, timedOut: waited.timedOut, pid: pid
        )
        // A limit inherited from whoever started this process (a workshop check's) ends a
        // child without a word: say which one, in the line a trap would print.
        var inherited = Limits.current
        // The user's process limit is always set, and rarely why a process ended.
        inherited.processes = nil
        if !result.timedOut,
           let reason = inherited.reason(signal: result.signal, exitStatus: result.exitStatus, output: result.output) {
            let name = result.signal.map { " (\(signalName($0)))" } ?? ""
            result.output += (result.output.hasSuffix("\n") || result.output.isEmpty ? "" : "\n")
                + "Fatal error: \(reason) stopped the process\(name)\n"
        }
        return .success(result)
    }

    /// Starts the child; on success it is in ``running``.
    private static func start(_ request: Request, output: Int32) -> Swift.Result<pid_t, ChildProcess.LaunchError> {
        _ = killedOnStop
        let argv = CStrings([request.executable] + request.arguments)
        let envp = CStrings(request.environment.map { "\($0.key)=\($0.value)" }.sorted())
        defer {
            argv.release()
            envp.release()
        }
        let limits = request.limits.cLimits
        var pid: pid_t = 0
        var error: Int32 = 0
        // Registered under the lock before it can run, so that a stop never misses it.
        return running.withLock { children in
            let step = limits.withUnsafeBufferPointer { buffer in
                withOptionalCString(request.folder) { folder in
                    lab_spawn(
                        request.executable, argv.pointers, envp.pointers, folder, output, request.ownGroup ? 1 : 0,
                        buffer.baseAddress, Int32(buffer.count), &pid, &error
                    )
                }
            }
            guard step == Int32(LAB_SPAWN_STARTED.rawValue) else {
                return .failure(cannotLaunch(request, error, Self.stepName(step)))
            }
            children[pid] = request.ownGroup
            return .success(pid)
        }
    }

    /// The most of a child's output kept: its first half and its last half. What comes
    /// between is left out, and a line says how much: a child that prints gigabytes cannot
    /// grow `lab` with them, and the report an exercise prints last is kept.
    package static let outputLimit = 16 << 20

    /// Kills and reaps every child of this process that is not one of `children` (those it
    /// started and waits for): orphans it adopted (``adoptOrphans()``), with their
    /// descendants. A sandbox's first process is one once the sandbox's outer process has
    /// ended, and it ends only after every process of the sandbox has: reaping it means
    /// nothing of the sandbox still writes in the folder the caller removes next. Called
    /// with ``running``'s lock held, so that no child starts meanwhile.
    private static func endAdoptedOrphans(besides children: Set<pid_t>) {
        guard lab_is_subreaper() != 0 else { return }
        let deadline = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < deadline {
            let processes = Processes.now()
            let adopted = processes.entries.keys.filter { processes.entries[$0]?.parent == getpid() && !children.contains($0) }
            guard !adopted.isEmpty else { return }
            for orphan in adopted {
                for descendant in processes.descendants(of: orphan) { kill(descendant, SIGKILL) }
                kill(orphan, SIGKILL)
                var status: Int32 = 0
                _ = waitpid(orphan, &status, WNOHANG)
            }
            usleep(1_000)
        }
    }

    private struct Waited {
        private var head: [UInt8] = []
        private var tail: [UInt8] = []
        private var leftOut = 0
        var exitStatus: Int32?
        var signal: Int32?
        var timedOut = false

        /// Keeps `bytes`, within ``outputLimit``.
        mutating func keep(_ bytes: ArraySlice<UInt8>) {
            let half = ChildProcess.outputLimit / 2
            let intoHead = min(half - head.count, bytes.count)
            head += bytes.prefix(intoHead)
            tail += bytes.dropFirst(intoHead)
            // Trimmed once it holds twice what it keeps, so that each byte is moved once.
            if tail.count > 2 * half { trimTail(to: half) }
        }

        private mutating func trimTail(to count: Int) {
            guard tail.count > count else { return }
            leftOut += tail.count - count
            tail.removeFirst(tail.count - count)
        }

        /// What was kept, with a line where bytes were left out.
        mutating func output() -> String {
            trimTail(to: ChildProcess.outputLimit / 2)
            guard leftOut > 0 else { return String(decoding: head + tail, as: UTF8.self) }
            let gap = "\n[\(leftOut) bytes of output left out: only the first and the last \(ChildProcess.outputLimit >> 21) MiB are kept]\n"
            return String(decoding: head, as: UTF8.self) + gap + String(decoding: tail, as: UTF8.self)
        }
    }

    /// Reads the child's output until the child ends (or its deadline, when it is killed),
    /// then what is left in the pipe, without waiting for processes that still hold it.
    private static func wait(for pid: pid_t, reading output: Int32, ownGroup: Bool, timeout: Duration?) -> Waited {
        var waited = Waited()
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + $0 }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var endOfOutput = false
        while lab_has_exited(pid) == 0 {
            if let deadline, !waited.timedOut, clock.now >= deadline {
                // Still running at the deadline: a deadlock, or a loop that never ends.
                waited.timedOut = true
                kill(ownGroup ? -pid : pid, SIGKILL)
            }
            if endOfOutput {
                usleep(20_000)
                continue
            }
            var watched = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count > 0 {
                waited.keep(buffer[..<count])
            } else if count == 0 || errno != EINTR {
                endOfOutput = true
            }
        }
        // The leader has ended but is not reaped yet, so its group number cannot be reused:
        // kill what it left behind in its group, and let it end before the caller removes
        // the folder it may still write in.
        if ownGroup {
            kill(-pid, SIGKILL)
            Processes.waitUntilGone([], groups: [pid])
            running.withLock { children in endAdoptedOrphans(besides: Set(children.keys)) }
        }
        // What the child wrote before it ended is in the pipe; a process it left behind
        // (outside a group of its own) may hold the pipe open, so read without waiting.
        _ = fcntl(output, F_SETFL, fcntl(output, F_GETFL) | O_NONBLOCK)
        while !endOfOutput {
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count > 0 {
                waited.keep(buffer[..<count])
            } else if count < 0, errno == EINTR {
                continue
            } else {
                endOfOutput = true
            }
        }
        running.withLock { children in
            // Already reaped by killRunning(), which is ending the process.
            guard children.removeValue(forKey: pid) != nil else { return }
            var status: Int32 = -1
            var signal: Int32 = 0
            if lab_reap(pid, &status, &signal) == 0 {
                waited.exitStatus = status >= 0 ? status : nil
                waited.signal = signal != 0 ? signal : nil
            }
        }
        return waited
    }

    // MARK: Helpers

    private static func cannotLaunch(_ request: Request, _ code: Int32, _ step: String) -> ChildProcess.LaunchError {
        LaunchError(path: request.executable, reason: "\(String(cString: strerror(code))) (\(step))")
    }

    private static func stepName(_ step: Int32) -> String {
        switch UInt32(bitPattern: step) {
        case LAB_SPAWN_FAILED_PIPE.rawValue: "a pipe to learn whether it started"
        case LAB_SPAWN_FAILED_FORK.rawValue: "a new process"
        case LAB_SPAWN_FAILED_GROUP.rawValue: "a process group of its own"
        case LAB_SPAWN_FAILED_LIMIT.rawValue: "its resource limits"
        case LAB_SPAWN_FAILED_FOLDER.rawValue: "its working folder"
        case LAB_SPAWN_FAILED_STREAMS.rawValue: "its standard streams"
        default: "running the program"
        }
    }

    /// SIGXCPU, SIGKILL, …: the name of a signal, or its number.
    private static func withOptionalCString<T>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
        guard let string else { return body(nil) }
        return string.withCString { body($0) }
    }
}

// MARK: - CStrings

/// A NULL-terminated array of C strings, for `exec`: allocated before the `fork`, since the
/// child may not allocate.
private struct CStrings {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[strings.count] = nil
    }

    func release() {
        for index in 0..<count { free(pointers[index]) }
        pointers.deallocate()
    }
}

// MARK: - LaunchError

extension ChildProcess {
    /// Why a child process could not be started: the program, and the system's reason with
    /// the step that failed.
    package struct LaunchError: Error, Equatable, Sendable, CustomStringConvertible {
        package let path: String
        package let reason: String

        package init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        package var description: String { "cannot start '\(path)': \(reason)" }
    }
}

// MARK: - Processes

/// The processes of the machine, read once from /proc (Linux): each one's parent, group and
/// whether it still runs. Elsewhere, none: a group's kill is all there is.
private struct Processes {
    struct Entry {
        var parent: pid_t
        var group: pid_t
        var alive: Bool
    }

    var entries: [pid_t: Entry] = [:]

    static func now() -> Processes {
        var processes = Processes()
        #if os(Linux)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")")
            else { continue }
            // "pid (name) S ppid pgrp …": the name may hold spaces and parentheses.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let parent = pid_t(fields[1]), let group = pid_t(fields[2]) else { continue }
            processes.entries[pid] = Entry(parent: parent, group: group, alive: fields[0] != "Z" && fields[0] != "X")
        }
        #endif
        return processes
    }

    /// Every live process below `root`, its children's children included.
    func descendants(of root: pid_t) -> Set<pid_t> {
        var children: [pid_t: [pid_t]] = [:]
        for (pid, entry) in entries where entry.alive { children[entry.parent, default: []].append(pid) }
        var found: Set<pid_t> = []
        var next = children[root] ?? []
        while let pid = next.popLast() {
            if found.insert(pid).inserted { next += children[pid] ?? [] }
        }
        return found
    }

    /// Waits, up to a second, until none of `pids` runs and no process but its leader is
    /// left in any of `groups` (the leaders are their callers' to reap).
    static func waitUntilGone(_ pids: Set<pid_t>, groups: Set<pid_t>) {
        #if os(Linux)
        let deadline = ContinuousClock.now + .seconds(1)
        while ContinuousClock.now < deadline {
            let processes = now()
            let left = processes.entries.contains { pid, entry in
                entry.alive && (pids.contains(pid) || (groups.contains(entry.group) && !groups.contains(pid)))
            }
            guard left else { return }
            usleep(1_000)
        }
        #endif
    }
}

