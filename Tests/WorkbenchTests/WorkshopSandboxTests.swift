import Foundation
import TestSupport
import Testing
import WorkshopTestSupport
@testable import Workbench
import WorkshopChecks
import ChildProcesses
import Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The learner's code cannot reach out of a check: each escape an attack tried is tried
/// again here, from inside a stand-in exercise (a shell script), and seen refused from the
/// outside. With bubblewrap (Linux, installed by `make setup`) the check runs in its sandbox;
/// without it, the check says it runs without one.
@Suite("Workshop checks, sandboxed")
struct WorkshopSandboxTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    static var sandbox: Sandbox {
        get async { await Sandbox.find(in: ProcessInfo.processInfo.environment) }
    }

    /// A checkout-like folder the script may read and must not write, and the run's report.
    func run(_ script: String, root: URL) async throws -> CheckReport {
        let sandbox = await Self.sandbox
        guard case .bubblewrap = sandbox.kind else { throw SandboxMissing(description: sandbox.description) }
        let bench = Workbench(layout: WorkshopLayout(root: root))
        return try await bench.run(
            Self.shell, arguments: ["-c", script], of: .confinement, environment: ProcessInfo.processInfo.environment,
            containment: Containment(limits: ChildProcess.Limits(), deadline: .seconds(60)).sandboxed(by: sandbox)
        )
    }

    struct SandboxMissing: Error { var description: String }

    /// Whether bubblewrap is on the PATH and makes its namespaces here: the tests of the
    /// sandbox run where it does, and the weaker mode's where it does not.
    static let bubblewrapRuns: Bool = {
        #if os(Linux)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bwrap", "--unshare-all", "--ro-bind", "/", "/", "--", "/bin/true"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
        #else
        return false
        #endif
    }()

    @Test("A double fork into a new session does not outlive the check", .enabled(if: bubblewrapRuns))
    func doubleForkEnds() async throws {
        let folder = try TemporaryFolder()
        // A number no other process has on its command line: how the test finds the escapee.
        let marker = "1000.\(UInt32.random(in: 1...UInt32.max))"
        let script = "(setsid sh -c 'sleep \(marker)' &) ; sleep 0.2; \(WorkshopContainmentTests.printPassingReport)"
        let report = try await run(script, root: folder.url)
        #expect(report.passed)
        #expect(await ProcessState.noneLeft(withArgument: marker), "the session's sleep outlived the check")
    }

    @Test("The learner's code cannot write the checkout, the home folder or the progress file", .enabled(if: bubblewrapRuns))
    func writesOutsideAreRefused() async throws {
        let folder = try TemporaryFolder()
        let root = folder.url.appendingPathComponent("checkout")
        let sources = root.appendingPathComponent("Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let progress = root.appendingPathComponent("Workshop/.progress.json")
        try FileManager.default.createDirectory(at: progress.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: progress)
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/root"
        let escapee = "lab-sandbox-escape-\(UInt32.random(in: 1...UInt32.max))"
        let targets = [sources.appendingPathComponent(escapee).path, "\(home)/\(escapee)", progress.path]
        let attempts = targets.map { "echo '{\"1\":\"passed\"}' > '\($0)' 2>/dev/null" }.joined(separator: "; ")
        let report = try await run("\(attempts); \(WorkshopContainmentTests.printPassingReport)", root: root)
        #expect(report.passed, "the script ran to its report")
        #expect(!FileManager.default.fileExists(atPath: targets[0]), "wrote into the checkout's Sources/")
        #expect(!FileManager.default.fileExists(atPath: targets[1]), "wrote into the home folder")
        #expect(try String(contentsOf: progress, encoding: .utf8) == "{}", "forged the progress file")
    }

    @Test("The check's own folder is writable, and the sandbox's /tmp is its own", .enabled(if: bubblewrapRuns))
    func ownFoldersAreWritable() async throws {
        let folder = try TemporaryFolder()
        let escapee = "/tmp/lab-sandbox-tmp-\(UInt32.random(in: 1...UInt32.max))"
        let script = "touch written-here && touch '\(escapee)' && [ -f written-here ] && \(WorkshopContainmentTests.printPassingReport)"
        #expect(try await run(script, root: folder.url).passed)
        #expect(!FileManager.default.fileExists(atPath: escapee), "the sandbox's /tmp is the machine's")
    }

    @Test("Without bubblewrap, a check says it runs without a sandbox, and why")
    func weakerModeIsSaid() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["BWRAP"] = "/nonexistent/bwrap"
        let missing = await Sandbox.find(in: environment)
        #expect(missing.kind == .none("bubblewrap is not installed (make setup installs it)") || missing.kind == .none("this system has no bubblewrap"))
        #expect(missing.description.hasPrefix("WITHOUT a sandbox, "))
        environment[Sandbox.switchVariable] = "off"
        #expect(await Sandbox.find(in: environment).kind == .none("turned off with LAB_SANDBOX=off"))
        // Without one, the command is the exercise's own.
        let command = missing.command(Self.shell, arguments: ["-c", "true"], writable: "/tmp", readable: [])
        #expect(command.executable == Self.shell && command.arguments == ["-c", "true"])
    }

    @Test("A SIGKILL of lab workshop check ends every process of the exercise too", .enabled(if: bubblewrapRuns))
    func killedCheckLeavesNothing() async throws {
        let checkout = try FakeCheckout()
        checkout.sandboxed = true
        let marker = "1000.\(UInt32.random(in: 1...UInt32.max))"
        // An exercise that leaves an idle child in a session of its own, and waits.
        try checkout.exercise("(setsid sleep \(marker) &); sleep \(marker)")
        let process = Process()
        process.executableURL = try LabExecutable.located()
        process.arguments = ["workshop", "check", "1"]
        process.currentDirectoryURL = checkout.root
        process.environment = checkout.environment
        // Both streams into one file: a failed check says why on its standard output.
        let output = checkout.folder.url.appendingPathComponent("output.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = process.standardOutput
        try process.run()
        // Until lab's own deadline ends the check: a sanitizer's build of lab on a busy
        // machine starts slowly. At least two: `setsid` runs its `sleep` in place, but for
        // a moment the process is `setsid sleep …`, and the shell's fork a third.
        var started = false
        var seen: [Int32] = []
        let clock = ContinuousClock(), deadline = clock.now + .seconds(150)
        while !started && process.isRunning && clock.now < deadline {
            seen = ProcessState.running(withArgument: marker)
            started = seen.count >= 2
            if !started { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(started, """
            the exercise and its child started; last seen with the marker: \(ProcessState.commandLines(of: seen)); \
            lab said: \((try? String(contentsOf: output, encoding: .utf8)) ?? "")
            """)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(await ProcessState.noneLeft(withArgument: marker), "a process of the exercise outlived lab")
    }

    @Test("In the sandbox, a limit that stops the exercise is named, as without it", .enabled(if: bubblewrapRuns))
    func limitIsNamedInTheSandbox() async throws {
        let folder = try TemporaryFolder()
        let sandbox = await Self.sandbox
        let bench = Workbench(layout: WorkshopLayout(root: folder.url))
        let containment = Containment(limits: ChildProcess.Limits(cpuSeconds: 1), deadline: .seconds(60)).sandboxed(by: sandbox)
        await #expect(throws: LabError.checkFailed("the check of exercise 1 was stopped by the CPU-time limit of 1 s (SIGXCPU), with every process it started")) {
            try await bench.run(
                Self.shell, arguments: ["-c", "while :; do :; done"], of: .confinement,
                environment: ProcessInfo.processInfo.environment, containment: containment
            )
        }
    }

    /// `lab workshop check 1` in `checkout`, its exercise leaving behind a process that
    /// writes into the check's folder without end, in a session of its own: after the check,
    /// neither the process nor the folder is left.
    func leftBehindWriter(sandboxed: Bool) async throws {
        let checkout = try FakeCheckout()
        checkout.sandboxed = sandboxed
        let marker = "writer-\(UInt32.random(in: 1...UInt32.max))"
        try checkout.exercise(
            "(setsid sh -c 'while :; do touch \"f$(date +%N)\" 2>/dev/null; done' \(marker) &); sleep 0.2; "
                + WorkshopContainmentTests.printPassingReport
        )
        let result = try await checkout.lab(["check", "1"])
        #expect(result.exitStatus == 0, "\(result.output)")
        #expect(await ProcessState.noneLeft(withArgument: marker), "the writer outlived the check")
        #expect(try FileManager.default.contentsOfDirectory(atPath: checkout.temporary).filter { $0.hasPrefix("lab-") } == [],
                "the check's folder is removed")
    }

    @Test("A process left writing into the check's folder in a session of its own ends, and the folder goes", .enabled(if: bubblewrapRuns))
    func leftBehindWriterInTheSandbox() async throws {
        try await leftBehindWriter(sandboxed: true)
    }

    @Test("Without the sandbox too, lab adopts a process left in a session of its own, and it ends with the check", .enabled(if: ProcessState.readsProc))
    func leftBehindWriterWithoutTheSandbox() async throws {
        try await leftBehindWriter(sandboxed: false)
    }

}

