import Foundation
import Synchronization

// MARK: - Interruption

/// What `lab bench` does on Ctrl-C (SIGINT) or SIGTERM: removes what the run created and
/// must not leave behind (its temporary databases, its lock file, a half-staged report),
/// says so in one line on standard error and exits 128 + the signal's number (130, 143).
///
/// The run's work stops with the process. SQLite keeps a transaction that was not
/// committed out of the database (the next open rolls it back), so a named `--database`
/// file holds whole batches only.
enum Interruption {
    /// Files and folders to remove if the run is interrupted.
    private static let leftovers = Mutex<Set<String>>([])
    /// Set when a stop begins, before it removes anything.
    private static let stopping = Atomic<Bool>(false)

    /// Turns SIGINT and SIGTERM into a clean stop. Call once, before the run creates files.
    static func install() {
        _ = sources
    }

    /// The signal sources, made once and kept for the life of the process.
    // nonisolated(unsafe): dispatch sources are not Sendable; this array is written once,
    // by its lazy initialiser (which Swift runs once, thread-safely), and never read again.
    private nonisolated(unsafe) static let sources: [any DispatchSourceSignal] = [SIGINT, SIGTERM].map { number in
        // Ignored as a signal, so that it reaches the dispatch source instead of ending the
        // process on the spot.
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { stop(by: number) }
        source.resume()
        return source
    }

    /// `path` (a file or a folder) is removed if the run is interrupted.
    static func removeIfInterrupted(_ path: String) {
        leftovers.withLock { _ = $0.insert(path) }
    }

    /// `path` was removed or kept on purpose: an interruption leaves it alone.
    static func forget(_ path: String) {
        leftovers.withLock { _ = $0.remove(path) }
    }

    /// In the counting pass's child process: stops as if interrupted when the parent ends,
    /// however it ends (a SIGKILL included), instead of running on alone.
    ///
    /// The parent reads this process's standard output through a pipe; once the parent is
    /// gone the pipe has no reader, and `poll` reports an error on its writing end. The
    /// watching thread sleeps in `poll` until then, so it costs the measurements nothing.
    static func stopWithParent() {
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
    static func waitIfStopping() {
        guard stopping.load(ordering: .acquiring) else { return }
        while true { pause() }
    }

    private static func stop(by signal: Int32) -> Never {
        stopping.store(true, ordering: .releasing)
        for path in leftovers.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        // The line starts at the left margin, not after a progress line drawn in place.
        Progress(enabled: Progress.standardErrorIsTerminal).clear()
        Lab.printError("interrupted by \(name); the run stopped and its temporary files were removed")
        // No atexit handlers or static destructors while the run's threads are still busy.
        _exit(128 + signal)
    }
}
