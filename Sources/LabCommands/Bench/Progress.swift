#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Progress

/// One line on standard error that says what runs now, redrawn in place; only on a terminal.
struct Progress: Sendable {
    let enabled: Bool

    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    func show(_ text: String) {
        guard enabled else { return }
        emit("\r\u{1B}[2K\(text)")
    }

    func clear() {
        guard enabled else { return }
        emit("\r\u{1B}[2K")
    }

    private func emit(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
    }
}
