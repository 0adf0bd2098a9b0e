#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ProgressLine

/// One line on standard error that says what runs now: redrawn in place on a terminal, a
/// line per step elsewhere.
package struct ProgressLine: Sendable {
    package let enabled: Bool
    private let inPlace = ProgressLine.standardErrorIsTerminal

    package init(enabled: Bool) { self.enabled = enabled }

    package static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    package static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    package func show(_ text: String) {
        guard enabled else { return }
        // A stop's line is the last one: a step that starts during the stop shows nothing.
        Interruption.waitIfStopping()
        emit(inPlace ? "\r\u{1B}[2K\(text)" : text + "\n")
    }

    package func clear() {
        guard enabled, inPlace else { return }
        emit("\r\u{1B}[2K")
    }

    private func emit(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
    }
}
