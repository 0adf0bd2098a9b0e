#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - StandardStreams

/// The standard streams `lab` was started without (`lab bench >&-`).
///
/// A closed descriptor 0, 1 or 2 is the next one that opening any file takes: a report
/// written to "standard output" would land in a database or a socket. `lab` holds each
/// closed one on /dev/null before anything else opens a file, and a write meant for it
/// fails as a write to a closed stream (exit 74).
package enum StandardStreams {
    /// Computed once, by ``holdClosedOnes()`` at the start of `main`.
    package static let closedAtLaunch: Set<Int32> = {
        var closed: Set<Int32> = []
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 {
            closed.insert(descriptor)
            // open returns the lowest free descriptor: this one, since the ones below are open.
            _ = open("/dev/null", O_RDWR)
        }
        return closed
    }()

    /// Call first in `main`, before anything can open a file.
    package static func holdClosedOnes() {
        _ = closedAtLaunch
    }

    /// One line on standard error, `lab: ` first, its control characters escaped: how
    /// `lab` reports a failure, and how a stop says what it left behind.
    package static func printError(_ message: String) {
        var line = Array("lab: \(message.controlsEscaped)\n".utf8)
        _ = write(STDERR_FILENO, &line, line.count)
    }
}
