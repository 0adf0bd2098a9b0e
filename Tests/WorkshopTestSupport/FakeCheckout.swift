import Foundation
import LabCommands
import TestSupport
import Workbench
import WorkshopChecks
import ChildProcesses

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - FakeCheckout

/// A checkout of the lab as `lab workshop` needs it for exercise 1, in a temporary folder,
/// with a stand-in `swift` that builds nothing and a stand-in for exercise 1's executable.
package final class FakeCheckout {
    package let folder: TemporaryFolder
    package let layout: WorkshopLayout
    package var root: URL { layout.root }
    /// The TMPDIR of the lab run here.
    package let temporary: String

    package init(exercises: [Exercise] = [.confinement]) throws {
        folder = try TemporaryFolder()
        layout = WorkshopLayout(root: folder.url.appendingPathComponent("checkout"))
        temporary = folder.path("tmp")
        let manager = FileManager.default
        try manager.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        try manager.createDirectory(at: layout.package.appendingPathComponent(".build/debug"), withIntermediateDirectories: true)
        try manager.createDirectory(at: layout.root.appendingPathComponent("Sources/Workshop/WorkshopStarters"), withIntermediateDirectories: true)
        try layout.copyTrackedFiles(of: exercises)
        try Self.script(at: folder.path("swift"), "exit 0")
        try sourceRules("echo '[]'")
    }

    /// Makes `body` the workshop's `SourceRules` executable, which `lab workshop check` runs
    /// with the exercise's number and the learner's files, and whose JSON it reads.
    package func sourceRules(_ body: String) throws {
        try Self.script(at: layout.package.appendingPathComponent(".build/debug/SourceRules").path, body)
    }

    /// The environment of a lab run here: the stand-in `swift`, a TMPDIR of its own, and
    /// no sandbox unless `sandboxed`: the stand-in exercises write their process numbers
    /// into the test's folder, outside the check's, and those numbers are the host's only
    /// outside the sandbox's PID namespace (WorkshopSandboxTests tests the sandbox).
    package var sandboxed = false

    package var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT"] = folder.path("swift")
        environment["TMPDIR"] = temporary
        if !sandboxed { environment[Sandbox.switchVariable] = "off" }
        return environment
    }

    /// Makes `body` the executable `swift build` would have built for exercise 1.
    package func exercise(_ body: String) throws {
        try Self.script(at: layout.package.appendingPathComponent(".build/debug/Exercise01").path, body)
    }

    package func lab(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await Self.lab(arguments, in: root, environment: environment)
    }

    /// `lab workshop` with `arguments`, run in `root`.
    package static func lab(_ arguments: [String], in root: URL, environment: [String: String]) async throws -> ChildProcess.Result {
        try await LabExecutable.runAsGiven(["workshop"] + arguments, environment: environment, in: root)
    }

    /// Writes an executable shell script with `body` at `path`.
    ///
    /// Linux refuses to run a file that a process holds open for writing ("Text file busy"):
    /// a child that another test forks while the file is open holds a copy of the descriptor
    /// until its exec closes it, and as long as it runs without exec'ing when the descriptor
    /// is not closed on exec. So the descriptor is closed on exec, and it is open only while
    /// no child of this process is between fork and exec. (Seen twice under `make leaks`,
    /// where every fork of the instrumented test process is slower.)
    package static func script(at path: String, _ body: String) throws {
        try ChildProcess.withNoChildStarting { try writeScript(at: path, body) }
    }

    private static func writeScript(at path: String, _ body: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let bytes = Array(("#!/bin/sh\n" + body + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // The mode of an existing file is not changed by open.
        guard fchmod(descriptor, 0o755) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM) }
    }
}
