import RowKit
import Bench
import Demos
import Foundation
import TestSupport
import Testing
import WorkshopTestSupport
@testable import Workbench
import WorkshopChecks
import ChildProcesses
import Support

import LabCommands

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A workshop check keeps the learner's code in its box: the exercise's executable runs in a
/// process group of its own, with resource limits, in a working folder of its own, and the
/// whole group is killed at the end; the message names the limit that stopped it. Here a
/// shell script stands in for the exercise's executable (and for `swift build`), so that no
/// test waits for the workshop's first build.
@Suite("Workshop checks, contained")
struct WorkshopContainmentTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// Shell that prints a passing report as an exercise's executable does: marked with the
    /// token in the file lab names after `--report-secret`, and exiting 0.
    static var printPassingReport: String {
        #"p=; for a in "$0" "$@"; do [ "$p" = --report-secret ] && f="$a"; p="$a"; done; "#
            + #"t=$(sed -n 's/.*"token":"\([0-9a-f]*\)".*/\1/p' "$f"); "#
            + "echo \"workshop-report $t: \"'\(passingReport)'"
    }

    /// A report as an exercise's executable prints it, passing, without its line's mark.
    static var passingReport: String {
        let report = CheckReport(exercise: .confinement, checks: [
            Check(id: .trap, status: .passed, expected: "no trap", measured: "no trap"),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self)
    }

    func run(_ script: String, limits: ChildProcess.Limits = ChildProcess.Limits(), deadline: Duration = .seconds(60)) async throws(LabError) -> CheckReport {
        let bench = Workbench(layout: WorkshopLayout(root: URL(fileURLWithPath: "/nonexistent")))
        return try await bench.run(
            Self.shell, arguments: ["-c", script], of: .confinement, environment: ProcessInfo.processInfo.environment,
            containment: Containment(limits: limits, deadline: deadline)
        )
    }

    @Test("A process the learner's code leaves behind holding the output neither keeps the check running nor outlives it")
    func backgroundProcessEnds() async throws {
        let folder = try TemporaryFolder()
        let report = try await run("sleep 1000 & echo $! > '\(folder.path("pid"))'; \(Self.printPassingReport)")
        #expect(report.passed)
        let pid = try #require(Int32(String(contentsOfFile: folder.path("pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await ProcessState.ends(pid))
    }

    @Test("A report line without the run's token, or from a run whose exit says otherwise, is not the check's report")
    func forgedReports() async throws {
        for script in ["echo 'workshop-report: \(Self.passingReport)'", "\(Self.printPassingReport); exit 1", "\(Self.printPassingReport); kill -9 $$"] {
            await #expect(throws: LabError.self, "\(script)") { try await run(script) }
        }
    }

    @Test("The check runs in a working folder of its own, also its TMPDIR, removed afterwards")
    func workingFolderOfItsOwn() async throws {
        let folder = try TemporaryFolder()
        let script = "pwd > '\(folder.path("pwd"))'; echo \"$TMPDIR\" > '\(folder.path("tmpdir"))'; touch left-here; \(Self.printPassingReport)"
        #expect(try await run(script).passed)
        let workingFolder = try String(contentsOfFile: folder.path("pwd"), encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(try String(contentsOfFile: folder.path("tmpdir"), encoding: .utf8).trimmingCharacters(in: .newlines) == workingFolder)
        #expect(URL(fileURLWithPath: workingFolder).lastPathComponent.hasPrefix("lab-check-1-"))
        #expect(!FileManager.default.fileExists(atPath: workingFolder), "removed with what the check left in it")
    }

    /// A script that meets one limit, the limit, and the end of the check's message.
    static let limitCases: [(name: String, script: String, limits: ChildProcess.Limits, message: String)] = [
        ("CPU time", "while :; do :; done", ChildProcess.Limits(cpuSeconds: 1), "the CPU-time limit of 1 s (SIGXCPU)"),
        ("file size", "exec head -c 4000000 /dev/zero > big", ChildProcess.Limits(fileSizeBytes: 1 << 20), "the file-size limit of 1 MiB (SIGXFSZ)"),
        ("address space", "exec awk 'BEGIN { s = \"aaaaaaaaaa\"; while (1) s = s s }'", ChildProcess.Limits(addressSpaceBytes: 64 << 20),
         "the address-space limit of 64 MiB"),
    ]

    @Test("A limit stops runaway code, and the message says which limit it was", arguments: 0..<limitCases.count)
    func limitIsNamed(_ index: Int) async throws {
        let test = Self.limitCases[index]
        await #expect(throws: LabError.checkFailed("the check of exercise 1 was stopped by \(test.message), with every process it started")) {
            try await run(test.script, limits: test.limits)
        }
    }

    @Test("The limits reach the processes the exercise starts itself, as its measuring child")
    func limitsAreInherited() async throws {
        let folder = try TemporaryFolder()
        // The child reports its own limit, inherited through the exercise.
        let script = "sh -c 'ulimit -t > \"\(folder.path("limit"))\"'; \(Self.printPassingReport)"
        #expect(try await run(script, limits: ChildProcess.Limits(cpuSeconds: 7)).passed)
        #expect(try String(contentsOfFile: folder.path("limit"), encoding: .utf8) == "7\n")
    }

    @Test("A check still running at its deadline is stopped with every process it started")
    func deadline() async throws {
        let folder = try TemporaryFolder()
        let script = "sleep 1000 & echo $! > '\(folder.path("pid"))'; sleep 1000"
        await #expect(throws: LabError.checkFailed("the check of exercise 1 was still running after 1 s and was stopped, with every process it started")) {
            try await run(script, deadline: .seconds(1))
        }
        let pid = try #require(Int32(String(contentsOfFile: folder.path("pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(await ProcessState.ends(pid))
    }

    @Test("The standard limits are set, each above what a check needs")
    func standardLimits() {
        let limits = Containment.standard.limits
        #expect(limits.cpuSeconds == 90)
        #expect(limits.addressSpaceBytes == 4 << 30)
        #expect(limits.fileSizeBytes == 256 << 20)
        #if os(Linux)
        #expect((limits.processes ?? 0) > 256)
        #endif
    }

    // MARK: lab workshop, end to end

    @Test("kill -INT of lab workshop watch ends the exercise and its measuring child, and exits 130")
    func interruptedWatch() async throws {
        let checkout = try FakeCheckout()
        // The stand-in exercise: records its own pid and its child's, then waits on the child.
        try checkout.exercise("""
            echo $$ > "$LAB_TEST_PIDS/exercise"
            sleep 1000 &
            echo $! > "$LAB_TEST_PIDS/child"
            wait
            """)
        let pids = checkout.folder.path("pids")
        try FileManager.default.createDirectory(atPath: pids, withIntermediateDirectories: true)

        let lab = try LabExecutable.located()
        let process = Process()
        process.executableURL = lab
        process.arguments = ["workshop", "watch"]
        process.currentDirectoryURL = checkout.root
        var environment = checkout.environment
        environment["LAB_TEST_PIDS"] = pids
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        var ready = false
        for _ in 0..<3000 where !ready {
            ready = FileManager.default.fileExists(atPath: pids + "/child") && FileManager.default.fileExists(atPath: pids + "/exercise")
            if !ready { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(ready, "the exercise started")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        #expect(said.split(separator: "\n").last == "lab: interrupted by SIGINT; watch stopped, and every process its check started was ended")
        for name in ["exercise", "child"] {
            let pid = try #require(Int32(String(contentsOfFile: pids + "/" + name, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(await ProcessState.ends(pid), "the \(name) does not outlive lab")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: checkout.temporary).filter { $0.hasPrefix("lab-") } == [],
                "the check's working folder is removed")
    }

    @Test("lab workshop check takes an exercise by name, and prints the report")
    func checkByName() async throws {
        let checkout = try FakeCheckout()
        try checkout.exercise("\(Self.printPassingReport)")
        let result = try await checkout.lab(["check", "confinement"])
        #expect(result.exitStatus == 0, "\(result.output)")
        #expect(result.output.contains("Exercise 1: confinement (lesson 1)"))
    }

    @Test("lab workshop check runs the source rules on the learner's files and fails the source check on their findings")
    func sourceRulesFindings() async throws {
        let checkout = try FakeCheckout()
        try checkout.exercise("\(Self.printPassingReport)")
        let finding = #"[{"file":"QueueArchive.swift","line":7,"message":"reflection reads values"}]"#
        try checkout.sourceRules(#"[ "$1" = 1 ] && [ "${2##*/}" = QueueArchive.swift ] && echo '\#(finding)' && exit 0; exit 9"#)
        let result = try await checkout.lab(["check", "1"])
        #expect(result.exitStatus == 1, "\(result.output)")
        #expect(result.output.contains("QueueArchive.swift:7: reflection reads values"))
    }

    @Test("Source rules that end without their findings stop the check with one line, never a pass")
    func sourceRulesBroken() async throws {
        let checkout = try FakeCheckout()
        try checkout.exercise("\(Self.printPassingReport)")
        try checkout.sourceRules("echo 'Fatal error: something'; exit 134")
        let result = try await checkout.lab(["check", "1"])
        #expect(result.exitStatus != 0, "\(result.output)")
        #expect(result.output.contains("the workshop's source rules ended without their findings"))
    }
}
