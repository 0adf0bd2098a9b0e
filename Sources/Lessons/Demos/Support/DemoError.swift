import ChildProcesses
import Support

// MARK: - DemoError

/// Why a demo could not run: never the lesson's own crash, which is its result.
package enum DemoError: Error, Equatable, Sendable {
    /// The child process for a crash site or the compiler could not be started.
    case cannotLaunch(path: String, reason: String)
    /// Lesson 6 needs `swiftc` and found none.
    case compilerNotFound
    /// The compiler failed without a diagnostic.
    case compilerFailed(String)
    /// The snippet to compile could not be written to a temporary folder.
    case cannotWriteSnippet(String)
    /// The demo saw something its lesson says cannot happen.
    case unexpected(String)
}

// MARK: - CustomStringConvertible

extension DemoError: CustomStringConvertible {
    package var description: String {
        switch self {
        case .cannotLaunch(let path, let reason):
            "cannot start '\(path)': \(reason)"
        case .compilerNotFound:
            "this demo compiles code with swiftc: put the Swift toolchain on PATH, or set SWIFTC to the compiler"
        case .compilerFailed(let output):
            "swiftc failed without a diagnostic: \(output.split(separator: "\n").first ?? "")"
        case .cannotWriteSnippet(let folder):
            "cannot write the snippet to compile under '\(folder)'"
        case .unexpected(let what):
            "unexpected: \(what)"
        }
    }
}

// MARK: - From a child process

/// Runs `body`, whose failure to start a child process is the demo's ``DemoError/cannotLaunch(path:reason:)``.
func launching<T>(_ body: () async throws(ChildProcess.LaunchError) -> T) async throws(DemoError) -> T {
    do {
        return try await body()
    } catch {
        throw .cannotLaunch(path: error.path, reason: error.reason)
    }
}
