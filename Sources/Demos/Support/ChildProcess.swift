import Foundation

// MARK: - ChildProcess

/// Runs a program to its end and collects what it printed.
package enum ChildProcess {
    package struct Result: Sendable {
        /// Standard output and standard error, interleaved as written.
        package var output: String
        package var exitStatus: Int32?
        package var signal: Int32?
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
        var folder = currentExecutable.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Runs `executable` to its end. The runtime's backtracer is off in the child: it would
    /// spend seconds symbolicating a crash the caller expects, and bury its one-line message.
    package static func run(
        _ executable: URL, arguments: [String], environment: [String: String]
    ) async throws(DemoError) -> Result {
        var quiet = environment
        quiet["SWIFT_BACKTRACE"] = "enable=no"
        let environment = quiet
        let outcome: Swift.Result<Result, DemoError> = await withCheckedContinuation { continuation in
            // Waiting blocks a thread: use one of Dispatch's, not the cooperative pool's.
            DispatchQueue.global().async {
                continuation.resume(returning: runBlocking(executable, arguments: arguments, environment: environment))
            }
        }
        return try outcome.get()
    }

    private static func runBlocking(
        _ executable: URL, arguments: [String], environment: [String: String]
    ) -> Swift.Result<Result, DemoError> {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(.cannotLaunch(path: executable.path, reason: "\(error.localizedDescription)"))
        }
        // Read to the end before waiting, so a full pipe cannot block the child.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        return switch process.terminationReason {
        case .uncaughtSignal: .success(Result(output: output, exitStatus: nil, signal: process.terminationStatus))
        case .exit: .success(Result(output: output, exitStatus: process.terminationStatus, signal: nil))
        @unknown default: .success(Result(output: output, exitStatus: process.terminationStatus, signal: nil))
        }
    }
}
