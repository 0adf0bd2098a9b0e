import RowKit
import Bench
import Demos
import Foundation
import TestSupport
import Synchronization
import Testing
import Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT), SIGTERM, or any other signal that would end `lab bench`: the run stops,
/// its child processes are ended, its temporary databases are removed, one line says so,
/// and the exit code is 128 + the signal (130, 143, 129 for SIGHUP, …).
@Suite("lab bench, interrupted")
struct InterruptionTests {
    @Test("SIGTERM during the timing pass exits 143 with one line and removes the temporary folder")
    func terminatedDuringTimings() async throws {
        let temporary = try TemporaryFolder()
        let run = try await InterruptedRun.start(
            Self.longRun + ["--no-meters"], temporary: temporary, interruptWith: SIGTERM,
            when: { lines in lines.contains { $0.hasSuffix("· warm-up") } }
        )
        #expect(run.foldersBefore.contains { $0.hasPrefix("lab-bench-\(run.pid)-") }, "the run had made its folder")
        #expect(run.exitStatus == 143)
        #expect(run.lastLine == "lab: interrupted by SIGTERM; the run stopped and its temporary files were removed")
        #expect(try Self.benchFolders(in: temporary) == [])
    }

    @Test("SIGINT during the counting pass exits 130, ends its child process and removes the child's folder too")
    func interruptedDuringCountingPass() async throws {
        let temporary = try TemporaryFolder()
        let path = temporary.url.path
        let run = try await InterruptedRun.start(
            Self.longRun, temporary: temporary, interruptWith: SIGINT,
            when: { _ in ((try? Self.childFolders(at: path)) ?? []).count == 1 }
        )
        #expect(run.exitStatus == 130)
        #expect(run.lastLine == "lab: interrupted by SIGINT; the run stopped and its temporary files were removed")
        #expect(try Self.labEntries(in: temporary) == [], "the parent's folder and the child's in it")
    }

    /// Every signal that ends a process by default and that a process can handle, beyond
    /// SIGINT and SIGTERM: a closed terminal's SIGHUP, SIGQUIT, the user signals, timers.
    static let otherSignals: [Int32] = [SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM]

    @Test("Every other signal that would end the run cleans up as SIGINT does, and exits 128 + its number",
          arguments: otherSignals)
    func otherSignalsCleanUp(_ signal: Int32) async throws {
        let temporary = try TemporaryFolder()
        let run = try await InterruptedRun.start(
            Self.longRun + ["--no-meters"], temporary: temporary, interruptWith: signal,
            when: { lines in lines.contains { $0.hasSuffix("· warm-up") } }
        )
        #expect(run.foldersBefore.contains { $0.hasPrefix("lab-bench-\(run.pid)-") }, "the run had made its folder")
        #expect(run.exitStatus == 128 + signal)
        #expect(run.lastLine == "lab: interrupted by \(signalName(signal)); the run stopped and its temporary files were removed")
        #expect(try Self.labEntries(in: temporary) == [], "left: \(Self.tree(of: temporary.url.path))")
    }

    /// Every path below `path`, for a failure's message.
    static func tree(of path: String) -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String]) ?? []
    }

    @Test("A counting pass that dies (killed, as by the kernel when memory runs out) ends the run with one line, and no folder is left")
    func countingPassDies() async throws {
        let temporary = try TemporaryFolder()
        let path = temporary.url.path
        let run = try await InterruptedRun.start(
            Self.longRun, temporary: temporary, interruptWith: nil,
            when: { _ in ((try? Self.childFolders(at: path)) ?? []).count == 1 },
            then: {
                // The child's folder is named after its process ID: lab-bench-<pid>-XXXXXX.
                guard let folder = try? Self.childFolders(at: path).first,
                      let pid = Int32(folder.split(separator: "/").last?.split(separator: "-")[2] ?? "")
                else { return }
                kill(pid, SIGKILL)
            }
        )
        #expect(run.exitStatus == 1)
        #expect(run.lastLine == "lab: the counting pass ended with SIGKILL; if nothing else killed it, the system may have run out of memory for it")
        #expect(try Self.labEntries(in: temporary) == [])
    }

    @Test("SIGKILL of lab bench during its counting pass: the child stops, and neither its folder nor its request is left")
    func killedDuringCountingPass() async throws {
        let temporary = try TemporaryFolder()
        let path = temporary.url.path
        let run = try await InterruptedRun.start(
            Self.longRun, temporary: temporary, interruptWith: SIGKILL,
            when: { _ in ((try? Self.childFolders(at: path)) ?? []).count == 1 }
        )
        #expect(run.exitStatus == nil)
        // The child sees its parent gone and stops on its own: give it a few seconds.
        for _ in 0..<100 where try Self.labEntries(in: temporary) != [] { try await Task.sleep(for: .milliseconds(50)) }
        #expect(try Self.labEntries(in: temporary) == [])
    }

    /// Long enough that the run is still going when the signal arrives.
    static let longRun = [
        "bench", "--scenario", "update", "--pattern", "raw-sqlite", "--operations", "50000", "--runs", "3", "--progress",
    ]

    /// The counting pass's child's own folder, in its parent's: `lab-counting-*/lab-bench-*`.
    static func childFolders(at path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasPrefix("lab-counting-") }.flatMap { parent in
            try FileManager.default.contentsOfDirectory(atPath: path + "/" + parent)
                .filter { $0.hasPrefix("lab-bench-") }.map { parent + "/" + $0 }
        }
    }

    /// Every entry the lab makes in the temporary directory.
    static func labEntries(in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("lab-") }
    }

    static func benchFolders(in folder: TemporaryFolder) throws -> [String] {
        try benchFolders(at: folder.url.path)
    }

    static func benchFolders(at path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasPrefix("lab-bench-") }
    }
}

// MARK: - InterruptedRun

/// `lab` run as a child process with its own temporary directory, sent a signal (or
/// changed under, with `then`) once its progress lines on standard error or its files show
/// it at the chosen point.
struct InterruptedRun: Sendable {
    var pid: Int32
    var exitStatus: Int32?
    var lastLine: String?
    /// The `lab-bench-*` folders in its temporary directory when the signal was sent.
    var foldersBefore: [String]

    static func start(
        _ arguments: [String], temporary: TemporaryFolder, interruptWith signal: Int32?,
        when ready: @escaping @Sendable ([String]) -> Bool, then act: @escaping @Sendable () -> Void = {}
    ) async throws -> InterruptedRun {
        let lab = try LabExecutable.located()
        var childEnvironment = ProcessInfo.processInfo.environment
        childEnvironment["TMPDIR"] = temporary.url.path
        let environment = childEnvironment
        let folder = temporary.url.path
        // Reading the child's output blocks: on one of Dispatch's threads, not the pool's.
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try run(lab, arguments, environment: environment, folder: folder, signal: signal, ready: ready, act: act)
                })
            }
        }
    }

    private static func run(
        _ lab: URL, _ arguments: [String], environment: [String: String], folder: String, signal: Int32?,
        ready: ([String]) -> Bool, act: () -> Void
    ) throws -> InterruptedRun {
        let process = Process()
        process.executableURL = lab
        process.arguments = arguments
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Standard error is read on a thread of its own, so that readiness can be polled
        // whether or not the child is printing.
        let text = Mutex("")
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let handle = errors.fileHandleForReading
            while case let data = handle.availableData, !data.isEmpty {
                text.withLock { $0 += String(decoding: data, as: UTF8.self) }
            }
            finished.signal()
        }
        var lines: [String] { text.withLock { $0 }.split(separator: "\n").map(String.init) }
        while process.isRunning, !ready(lines) { usleep(20_000) }
        let folders = try InterruptionTests.benchFolders(at: folder)
        act()
        if let signal { kill(process.processIdentifier, signal) }
        finished.wait()
        process.waitUntilExit()
        return InterruptedRun(
            pid: process.processIdentifier,
            exitStatus: process.terminationReason == .exit ? process.terminationStatus : nil,
            lastLine: lines.last, foldersBefore: folders
        )
    }
}

/// A demo that compiles its snippets leaves nothing in the temporary directory: neither its
/// snippet's folder nor the compiler's `TemporaryDirectory.*` folders, however it ends.
@Suite("lab demo, its temporary files")
struct DemoTemporaryFilesTests {
    /// Entries of the temporary directory: every one a run of the lab could leave.
    static func entries(in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    }

    /// Whether the compiler's frontend is compiling a snippet in `path` to an object file,
    /// which it writes in the snippet's folder: the process the driver starts in a process
    /// group of its own.
    static func compiling(in path: String) -> Bool {
        !ProcessState.running { words in
            words.contains("-frontend") && words.contains("-c") && words.contains { $0.hasPrefix(path + "/lab-demo-") }
        }.isEmpty
    }

    @Test("A compiling demo run to its end leaves nothing in TMPDIR, the compiler's own folders included")
    func runToItsEnd() async throws {
        let temporary = try TemporaryFolder()
        let run = try await InterruptedRun.start(
            ["demo", "default-isolation"], temporary: temporary, interruptWith: nil, when: { _ in false }
        )
        #expect(run.exitStatus == 0)
        #expect(try Self.entries(in: temporary) == [])
    }

    /// SIGINT and SIGTERM, twice each: the compiler's frontend, which its driver starts in a
    /// process group of its own, wrote into the removed folder in about half of the runs.
    static let stops: [Int32] = [SIGINT, SIGTERM, SIGINT, SIGTERM]

    @Test("A compiling demo stopped by a signal while it compiles leaves nothing in TMPDIR", arguments: 0..<stops.count)
    func stoppedWhileCompiling(_ index: Int) async throws {
        let temporary = try TemporaryFolder()
        let path = temporary.url.path
        let signal = Self.stops[index]
        let run = try await InterruptedRun.start(
            ["demo", "default-isolation"], temporary: temporary, interruptWith: signal,
            when: { _ in Self.compiling(in: path) }
        )
        #expect(run.exitStatus == 128 + signal)
        #expect(run.lastLine == "lab: interrupted by \(signalName(signal)); the demo stopped, and every process it started was ended")
        #expect(try Self.entries(in: temporary) == [])
    }
}

/// The Swift runtime's crash handler suspends every other thread with a signal before it
/// prints their frames; with SIGPROF, SIGUSR1 and SIGUSR2 all blocked, it printed "failed to
/// suspend thread" for each other thread and showed the crashed one alone. `lab` blocks the
/// signals it turns into a stop; SIGPROF, a profiler's timer, is ignored and left unblocked.
@Suite("lab's signal mask")
struct SignalMaskTests {
    /// The bit of `signal` in a mask of /proc's status: bit `signal - 1`.
    static func has(_ mask: UInt64, _ signal: Int32) -> Bool { mask & (1 << UInt64(signal - 1)) != 0 }

    /// Not in a sanitizer's build (`make race`, `make leaks`): the sanitizer's runtime makes
    /// each thread with every signal blocked, and Dispatch's threads keep SIGPROF blocked
    /// there (0xfffffffe3ffbea27 read under ThreadSanitizer), whatever the lab does.
    static var measurable: Bool {
        let environment = ProcessInfo.processInfo.environment
        return ProcessState.readsProc && environment["TSAN_OPTIONS"] == nil && environment["ASAN_OPTIONS"] == nil
    }

    @Test("No thread of a running lab blocks SIGPROF, which it ignores", .enabled(if: measurable))
    func maskOfEveryThread() async throws {
        let process = Process()
        process.executableURL = try LabExecutable.located()
        // A run that outlasts any wait of this test for a thread of the pool, which a busy
        // suite can hold for longer than the usual long run lasts: SIGTERM ends it below.
        process.arguments = [
            "bench", "--scenario", "update", "--pattern", "raw-sqlite", "--operations", "1000000", "--runs", "100", "--progress",
        ]
        let temporary = try TemporaryFolder()
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary.url.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let errors = temporary.url.appendingPathComponent("errors.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        defer {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        // Until the run is under way (its folder made, after its signals were set) and
        // Dispatch has a thread of its own beside the main one, however busy the machine:
        // up to 60 s.
        var threads: [String] = []
        var started = false
        for _ in 0..<6_000 where (threads.count < 2 || !started) && process.isRunning {
            try await Task.sleep(for: .milliseconds(10))
            started = (try? InterruptionTests.labEntries(in: temporary))?.isEmpty == false
            threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/task")) ?? []
        }
        let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        try #require(threads.count >= 2, "\(threads.count) threads; the run said: \(said)")
        for thread in threads {
            // A thread being made, or forking, blocks every signal for a few microseconds:
            // a thread blocks SIGPROF only if it still does 50 ms and 100 ms later.
            var blocked = true
            var ignored = true
            for attempt in 0..<3 where blocked {
                if attempt > 0 { try await Task.sleep(for: .milliseconds(50)) }
                guard let status = Self.status(of: thread, in: process.processIdentifier) else { blocked = false; break }
                blocked = Self.has(Self.mask("SigBlk", in: status), SIGPROF)
                ignored = Self.has(Self.mask("SigIgn", in: status), SIGPROF)
            }
            #expect(!blocked, "thread \(thread) blocks SIGPROF")
            #expect(ignored, "SIGPROF is not ignored")
        }
    }

    static func status(of thread: String, in pid: Int32) -> String? {
        try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/status", encoding: .utf8)
    }

    /// The mask of the line `name` of a thread's status: "SigBlk:\t0000000000010000".
    static func mask(_ name: String, in status: String) -> UInt64 {
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
        return line.flatMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) } ?? 0
    }

}
