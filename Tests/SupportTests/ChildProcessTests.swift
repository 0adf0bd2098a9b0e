import ChildProcesses
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the lab starts and waits for a child process (`ChildProcess`): by the child's exit,
/// not the end of its output; at a deadline, killed with its process group; a start that
/// fails is one line, not a crash.
@Suite("Child processes")
struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test("A process the child leaves behind holding its output keeps nobody waiting, and dies with the child's group")
    func leftBehindHoldingTheOutput() async throws {
        let result = try await ChildProcess.run(
            Self.shell, arguments: ["-c", "sleep 1000 & echo $!; echo started"], environment: [:], ownGroup: true
        )
        #expect(result.exitStatus == 0)
        #expect(!result.timedOut)
        let lines = result.output.split(separator: "\n")
        #expect(lines.last == "started")
        let sleeper = try #require(lines.first.flatMap { Int32($0) })
        #expect(await ProcessState.ends(sleeper), "the group is killed when its leader ends")
    }

    @Test("Without a group of its own, the child is waited for by its exit all the same")
    func waitedForByItsExit() async throws {
        let folder = try TemporaryFolder()
        let script = "sleep 1000 & echo $! > '\(folder.path("pid"))'; echo started"
        let result = try await ChildProcess.run(Self.shell, arguments: ["-c", script], environment: [:])
        #expect(result.exitStatus == 0)
        #expect(result.output == "started\n")
        let sleeper = try #require(Int32(String(contentsOfFile: folder.path("pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(sleeper, SIGKILL)
    }

    @Test("A child still running at its deadline is killed with everything in its group, and says so")
    func deadlineKillsTheGroup() async throws {
        let result = try await ChildProcess.run(
            Self.shell, arguments: ["-c", "sleep 1000 & echo $!; sleep 1000"], environment: [:],
            timeout: .milliseconds(500), ownGroup: true
        )
        #expect(result.timedOut)
        #expect(result.signal == SIGKILL)
        let sleeper = try #require(result.output.split(separator: "\n").first.flatMap { Int32($0) })
        #expect(await ProcessState.ends(sleeper))
    }

    @Test("A program that cannot start is a typed error with the system's reason, not a crash")
    func cannotStart() async throws {
        await #expect(throws: ChildProcess.LaunchError(path: "/nonexistent/program", reason: "No such file or directory (running the program)")) {
            try await ChildProcess.run(URL(fileURLWithPath: "/nonexistent/program"), arguments: [], environment: [:])
        }
        await #expect(throws: ChildProcess.LaunchError(path: "/bin/sh", reason: "No such file or directory (its working folder)")) {
            try await ChildProcess.run(Self.shell, arguments: [], environment: [:], in: URL(fileURLWithPath: "/nonexistent"))
        }
    }

    @Test("A resource limit applies to the child, and the one that stopped it is named")
    func limitsApplyAndAreNamed() async throws {
        let limits = ChildProcess.Limits(cpuSeconds: 1)
        let result = try await ChildProcess.run(
            Self.shell, arguments: ["-c", "while :; do :; done"], environment: [:], ownGroup: true, limits: limits
        )
        #expect(result.signal == SIGXCPU)
        #expect(limits.reason(signal: result.signal, exitStatus: result.exitStatus, output: result.output) == "the CPU-time limit of 1 s")
    }

    @Test("A child starts with every signal at its default, whatever this process ignores")
    func signalsAtTheirDefault() async throws {
        let ignored = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, ignored) }
        let result = try await ChildProcess.run(Self.shell, arguments: ["-c", "kill -USR2 $$; echo survived"], environment: [:])
        #expect(result.signal == SIGUSR2)
        #expect(result.output.isEmpty)
    }

    @Test("A child that prints 100 MB leaves 16 MiB of it, with its first and last lines, and says how much was left out")
    func outputIsCapped() async throws {
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "echo first; head -c 100000000 /dev/zero | tr '\\0' a; echo; echo last"],
            environment: ProcessInfo.processInfo.environment
        )
        #expect(result.exitStatus == 0)
        #expect(result.output.utf8.count <= ChildProcess.outputLimit + 200)
        #expect(result.output.hasPrefix("first\n"))
        #expect(result.output.hasSuffix("\nlast\n"))
        let leftOut = 6 + 100_000_001 + 5 - ChildProcess.outputLimit
        #expect(result.output.contains("[\(leftOut) bytes of output left out: only the first and the last 8 MiB are kept]"))
    }
}

