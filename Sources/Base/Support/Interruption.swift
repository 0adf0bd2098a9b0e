import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Interruption

/// What `lab` does on every signal whose default would end it (Ctrl-C's SIGINT, SIGTERM, a
/// closed terminal's SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, and the rest of
/// ``handledSignals``): ends every child process it started, with its process group;
/// removes what the command created and must not leave behind (temporary databases, a
/// half-made database claim, a half-staged report), each only while it is still the file
/// the lab made; says so in one line on standard error, and exits 128 + the signal's
/// number (130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP).
///
/// SIGPIPE is ignored instead: a write to a closed pipe then fails, and the command ends
/// through its own error path (exit 74) with the same clean-up.
///
/// The run's work stops with the process. SQLite keeps a transaction that was not
/// committed out of the database (the next open rolls it back), so a named `--database`
/// file holds whole batches only.
package enum Interruption {
    /// The signals that end a process by default and that a process can handle; SIGKILL
    /// and SIGSTOP cannot be, and the crash signals (SIGSEGV, SIGILL, …) belong to the
    /// runtime's crash report. `lab`'s executable blocks the same list before any thread
    /// starts (`Sources/Lab/CLabStart/start.c`), so that none of them reaches a thread Dispatch
    /// does not read.
    package static let handledSignals: [Int32] = {
        var signals = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ]
        #if os(Linux)
        signals += [SIGIO, SIGPWR, SIGSTKFLT]
        #endif
        return signals
    }()

    /// What is removed on a stop.
    private enum Leftover: Hashable {
        /// A file or folder, only while it is still the one the lab made when `identity`
        /// is known.
        case path(String, identity: FileIdentity?)
        /// Every entry of `folder` whose name starts with `prefix`: the temporary folder of
        /// a child process that was killed, named after its process ID.
        case prefixed(String, in: String)
    }

    private static let leftovers = LockedValue<Set<Leftover>>([])
    /// What a stop does before it removes anything: ending the child processes.
    private static let firstActions = LockedValue<[@Sendable () -> Void]>([])
    /// Set when a stop begins, before it removes anything.
    private static let stopping = Atomic<Bool>(false)
    /// The end of the stop's line: what the command leaves behind.
    private static let outcome = LockedValue("the run stopped and its temporary files were removed")

    /// Adds `action` to what a stop does first, before it removes any file: the module
    /// that starts child processes ends them here, so that none writes into what is removed.
    package static func beforeStopping(_ action: @escaping @Sendable () -> Void) {
        firstActions.withLock { $0.append(action) }
    }

    /// Turns every handled signal into a clean stop, and SIGPIPE into failed writes. Call
    /// before the command creates files or starts processes; `saying` ends the stop's line.
    package static func install(saying: String? = nil) {
        signal(SIGPIPE, SIG_IGN)
        // SIGPROF, a profiler's timer, which the lab never sets, is ignored and left
        // unblocked: the Swift runtime's crash handler suspends every other thread with a
        // signal, and with SIGPROF blocked as well as SIGUSR1 and SIGUSR2 (which the lab
        // turns into a stop, and blocks), a crash report said "failed to suspend thread"
        // for each other thread and showed the crashed one alone (Docs/Reliability.md).
        signal(SIGPROF, SIG_IGN)
        if let saying { outcome.withLock { $0 = saying } }
        _ = sources
    }

    /// The signal sources, made once and kept for the life of the process.
    // nonisolated(unsafe): dispatch sources are not Sendable; this array is written once,
    // by its lazy initialiser (which Swift runs once, thread-safely), and never read again.
    private nonisolated(unsafe) static let sources: [any DispatchSourceSignal] = handledSignals.map { number in
        // Ignored as a signal, so that it reaches the dispatch source instead of ending the
        // process on the spot. (A child process starts with every signal at its default.)
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { stop(by: number) }
        source.resume()
        return source
    }

    /// `path` (a file or a folder) is removed if the run is interrupted; when `identity` is
    /// given, only while the path still names that file.
    package static func removeIfInterrupted(_ path: String, identity: FileIdentity? = nil) {
        leftovers.withLock { _ = $0.insert(.path(path, identity: identity)) }
    }

    /// Every entry of `folder` whose name starts with `prefix` is removed if the run is
    /// interrupted.
    package static func removeIfInterrupted(prefixed prefix: String, in folder: String) {
        leftovers.withLock { _ = $0.insert(.prefixed(prefix, in: folder)) }
    }

    /// `path` was removed or kept on purpose: an interruption leaves it alone.
    package static func forget(_ path: String) {
        leftovers.withLock { set in set = set.filter { if case .path(path, _) = $0 { false } else { true } } }
    }

    package static func forget(prefixed prefix: String, in folder: String) {
        leftovers.withLock { _ = $0.remove(.prefixed(prefix, in: folder)) }
    }

    /// In the counting pass's child process: stops as if interrupted when the parent ends,
    /// however it ends (a SIGKILL included), instead of running on alone.
    ///
    /// The parent reads this process's standard output through a pipe; once the parent is
    /// gone the pipe has no reader, and `poll` reports an error on its writing end. The
    /// watching thread sleeps in `poll` until then, so it costs the measurements nothing.
    package static func stopWithParent() {
        guard (try? FileStatus.of("/dev/stdout"))?.kind == .fifo else { return }
        Thread.detachNewThread {
            var watched = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
            while poll(&watched, 1, -1) < 0, errno == EINTR {}
            if watched.revents & Int16(POLLERR | POLLHUP) != 0 { stop(by: SIGTERM) }
        }
    }

    /// Once a stop has begun, what the run still has to say comes after the stop's line, and
    /// a failure is the stop's consequence (a database removed under a statement): the
    /// caller waits for the stop to print its line and end the process instead.
    package static func waitIfStopping() {
        guard stopping.load(ordering: .acquiring) else { return }
        while true { pause() }
    }

    private static func stop(by signal: Int32) -> Never {
        // A second signal during the stop waits for the first one's end.
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { while true { pause() } }
        // First the processes, so that none of them writes into what is removed next.
        for action in firstActions.withLock({ $0 }) { action() }
        for leftover in leftovers.withLock({ $0 }) { remove(leftover) }
        // The line starts at the left margin, not after a progress line drawn in place.
        ProgressLine(enabled: ProgressLine.standardErrorIsTerminal).clear()
        StandardStreams.printError("interrupted by \(signalName(signal)); \(outcome.withLock { $0 })")
        // No atexit handlers or static destructors while the run's threads are still busy.
        _exit(128 + signal)
    }

    private static func remove(_ leftover: Leftover) {
        switch leftover {
        case .path(let path, let identity):
            if let identity, !identity.isAt(path) { return }
            FileTree.remove(path)
        case .prefixed(let prefix, let folder):
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
                FileTree.remove(folder + "/" + name)
            }
        }
    }
}
