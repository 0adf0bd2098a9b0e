import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ChildProcess

/// Runs a program to its end and collects what it printed.
package enum ChildProcess {
    package struct Result: Sendable {
        /// Standard output and standard error, interleaved as written.
        package var output: String
        package var exitStatus: Int32?
        package var signal: Int32?
        /// True when the child was still running at the deadline and was killed.
        package var timedOut: Bool

        package init(output: String, exitStatus: Int32?, signal: Int32?, timedOut: Bool = false) {
            self.output = output
            self.exitStatus = exitStatus
            self.signal = signal
            self.timedOut = timedOut
        }
    }

    /// The environment variable that, set to `off`, keeps the backtracer off in every child.
    package static let backtraceSwitch = "LAB_BACKTRACE"

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
    package static func run(
        _ executable: URL, arguments: [String], environment: [String: String],
        timeout: Duration? = nil, backtrace: Bool = false, in folder: URL? = nil
    ) async throws(DemoError) -> Result {
        var quiet = environment
        // LAB_BACKTRACE=off keeps the backtracer off in every child: `make race` sets it,
        // because under ThreadSanitizer a crashing child that starts it can hang.
        quiet["SWIFT_BACKTRACE"] = backtrace && environment[backtraceSwitch] != "off"
            ? "enable=yes,interactive=no,threads=crashed,registers=none,images=none,color=no,limit=64"
            : "enable=no"
        let environment = quiet
        let outcome: Swift.Result<Result, DemoError> = await withCheckedContinuation { continuation in
            // Waiting blocks a thread: use one of Dispatch's, not the cooperative pool's.
            DispatchQueue.global().async {
                continuation.resume(
                    returning: runBlocking(
                        executable, arguments: arguments, environment: environment, timeout: timeout, folder: folder
                    )
                )
            }
        }
        return try outcome.get()
    }

    private static func runBlocking(
        _ executable: URL, arguments: [String], environment: [String: String], timeout: Duration?, folder: URL?
    ) -> Swift.Result<Result, DemoError> {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        if let folder { process.currentDirectoryURL = folder }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(.cannotLaunch(path: executable.path, reason: "\(error.localizedDescription)"))
        }
        let finished = AtomicFlag()
        let killed = AtomicFlag()
        if let timeout {
            let identifier = process.processIdentifier
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                // Still running at the deadline: a deadlock, or a loop that never ends. Until
                // it is waited for, a child that just exited keeps its identifier.
                guard !finished.isRaised else { return }
                killed.raise()
                kill(identifier, SIGKILL)
            }
        }
        // Read to the end before waiting, so a full pipe cannot block the child.
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        finished.raise()
        var result = Result(output: String(decoding: data, as: UTF8.self), exitStatus: nil, signal: nil)
        result.timedOut = killed.isRaised
        switch process.terminationReason {
        case .uncaughtSignal: result.signal = process.terminationStatus
        case .exit: result.exitStatus = process.terminationStatus
        @unknown default: result.exitStatus = process.terminationStatus
        }
        return .success(result)
    }
}
