import Foundation
import NoteStore
import WorkshopChecks
import ChildProcesses
import Support

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Checking an exercise

extension Workbench {
    /// Starts `exercise` if it is not, builds the learner's copy, runs its check, and
    /// remembers the result. The lines on standard error say what happens meanwhile.
    /// With `sanitizer` off, an exercise with a `races` check skips its run under
    /// ThreadSanitizer, and its report says so.
    /// The learner's code runs in the machine's sandbox (``Sandbox``) unless `containment`
    /// says otherwise.
    package func check(
        _ exercise: Exercise, containment given: Containment? = nil, sanitizer: Bool = true
    ) async throws(LabError) -> CheckReport {
        for copy in try start(exercise) {
            say("started exercise \(exercise.number): edit \(layout.relative(copy))")
        }
        let environment = ProcessInfo.processInfo.environment
        let containment = if let given { given } else { Containment.standard.sandboxed(by: await Sandbox.find(in: environment)) }
        let build = ExerciseBuild(layout: layout, environment: environment)
        say(build.isFirst
            ? "building exercise \(exercise.number), and this once the lab's modules it uses and the source rules' "
                + "parser (swift-syntax), into Workshop/.build: "
                + "\(ExerciseBuild.firstBuildTime); later checks take seconds"
            : "building exercise \(exercise.number)")
        try restoreEntryPoint(of: exercise)
        let checked = digest(of: exercise)
        let rules = try await build.sourceRules()
        let source = try await sourceCheck(of: exercise) { exercise throws(LabError) in try await build.findings(of: exercise, by: rules) }
        let report: CheckReport
        switch try await build.build(exercise) {
        case .failed(let diagnostics):
            let learnerFirst = diagnostics.filter { diagnostic in exercise.files.contains { diagnostic.location.contains("/\($0):") } }
                + diagnostics.filter { diagnostic in !exercise.files.contains { diagnostic.location.contains("/\($0):") } }
            report = CheckReport(exercise: exercise, source: source, compiles: .compiles(learnerFirst))
        case .built(let executable):
            say("checking exercise \(exercise.number) \(containment.sandbox.description)")
            do {
                var checks = try await run(executable, of: exercise, environment: environment, containment: containment).checks
                if let index = checks.firstIndex(where: { $0.id == CheckID.races.rawValue }) {
                    checks[index] = try await raceCheck(
                        of: exercise, environment: environment, sandbox: containment.sandbox, enabled: sanitizer
                    )
                }
                report = CheckReport(exercise: exercise, checks: [source, .compiles([])] + checks)
            } catch .checkFailed(let reason) {
                // No report the lab can trust: say why, beside what the source check found.
                report = CheckReport(exercise: exercise, source: source, compiles: .compiles([]), run: .couldNotRun(reason))
            }
        }
        try record(report, of: exercise, digest: checked)
        return report
    }

    /// Runs a built exercise, which measures in a child process of its own and prints its
    /// report, contained (``Containment``): in a process group of its own with resource
    /// limits, in a temporary working folder of its own (also its `TMPDIR`), and the whole
    /// group killed at the end, so nothing the learner's code started outlives the check.
    package func run(
        _ executable: URL, arguments: [String] = [], of exercise: Exercise, environment: [String: String],
        containment: Containment = .standard
    ) async throws(LabError) -> CheckReport {
        let folder = try ScratchFolder.create(named: "lab-check-\(exercise.number)", for: "the check of exercise \(exercise.number)")
        defer { ScratchFolder.remove(folder) }
        var environment = environment
        environment["TMPDIR"] = folder
        // The token the report line must carry, in a file the executable deletes before it
        // starts the child that runs the learner's code: a line that code prints is no report.
        let secret: Secret
        do {
            // In the check's own folder, which goes with the check however lab ends.
            secret = try Secret(in: URL(fileURLWithPath: folder))
        } catch {
            throw .checkFailed("cannot prepare the check of exercise \(exercise.number): \(error.localizedDescription)")
        }
        defer { secret.remove() }
        let command = containment.sandbox.command(
            executable, arguments: arguments + [Secret.reportFlag, secret.file.path], writable: folder,
            readable: [executable.deletingLastPathComponent().path, layout.root.path]
        )
        var result: ChildProcess.Result
        do {
            result = try await ChildProcess.run(
                command.executable, arguments: command.arguments, environment: environment,
                timeout: containment.deadline, in: URL(fileURLWithPath: folder), ownGroup: true, limits: containment.limits
            )
        } catch {
            throw .checkFailed("cannot run the check of exercise \(exercise.number): \(error)")
        }
        if case .bubblewrap = containment.sandbox.kind, result.signal == nil, let status = result.exitStatus, status > 128 {
            // bubblewrap exits with 128 + the signal that ended the exercise: the signal, as
            // a run without the sandbox sees it, names the limit or the crash.
            result.signal = status - 128
            result.exitStatus = nil
        }
        if let report = CheckReport(output: result.output, token: secret.token, exitStatus: result.exitStatus, signal: result.signal) {
            return report
        }
        Interruption.waitIfStopping()
        let check = "the check of exercise \(exercise.number)"
        if result.timedOut {
            throw .checkFailed(
                "\(check) was still running after \(containment.deadline.components.seconds) s and was stopped, with every process it started"
            )
        }
        if let limit = containment.limits.reason(signal: result.signal, exitStatus: result.exitStatus, output: result.output) {
            let signal = result.signal.map { " (\(signalName($0)))" } ?? ""
            throw .checkFailed("\(check) was stopped by \(limit)\(signal), with every process it started")
        }
        let ending = result.signal.map { signalName($0) } ?? "status \(result.exitStatus ?? -1)"
        throw .checkFailed("\(check) ended (\(ending)) without a report")
    }

    /// `races`: the exercise built under ThreadSanitizer and run once more, on one seed; its
    /// `races` check, or why there is none.
    private func raceCheck(
        of exercise: Exercise, environment: [String: String], sandbox: Sandbox, enabled: Bool
    ) async throws(LabError) -> Check {
        let expected = "no data race in the exercise's code under ThreadSanitizer"
        func unavailable(_ why: String) -> Check { Check(id: .races, status: .unavailable, expected: expected, measured: why) }
        guard enabled else {
            return unavailable("skipped (--skip-sanitizer): no data race in your code was looked for")
        }
        let build = ExerciseBuild(layout: layout, environment: environment)
        say(build.isFirst(.threadSanitizer)
            ? "building exercise \(exercise.number) under ThreadSanitizer, and this once the lab's modules it uses, into "
                + "Workshop/.build-race: \(ExerciseBuild.firstSanitizerBuildTime); --skip-sanitizer skips it"
            : "building exercise \(exercise.number) under ThreadSanitizer")
        guard case .built(let executable) = try await build.build(exercise, variant: .threadSanitizer) else {
            return unavailable("not run: the build under ThreadSanitizer failed, though the plain build did not")
        }
        say("checking exercise \(exercise.number) for data races under ThreadSanitizer")
        var sanitized = environment
        // Under ThreadSanitizer, a crashing process that starts the Swift backtracer can hang.
        sanitized[ChildProcess.backtraceSwitch] = "off"
        let suppressions = layout.root.appendingPathComponent("Scripts/sanitizers/race.supp")
        if FileManager.default.fileExists(atPath: suppressions.path) {
            sanitized["TSAN_OPTIONS"] = "suppressions=\(suppressions.path)"
        }
        do {
            let report = try await run(
                executable, arguments: [CheckArguments.oneRun], of: exercise, environment: sanitized,
                containment: .underThreadSanitizer.sandboxed(by: sandbox)
            )
            return report.checks.first { $0.id == CheckID.races.rawValue } ?? unavailable("not run: the run under ThreadSanitizer reported no races check")
        } catch .checkFailed(let reason) {
            return .notMeasured(.races, expected: expected, because: "the run under ThreadSanitizer did not finish: \(reason)")
        }
    }

    /// One line on standard error, so that standard output holds the report alone.
    package func say(_ line: String) {
        var bytes = Array("lab: \(line.controlsEscaped)\n".utf8)
        _ = write(STDERR_FILENO, &bytes, bytes.count)
    }
}

// MARK: - Containment

/// The box a workshop check runs the learner's code in.
///
/// The exercise's executable leads a process group of its own, and its measuring child
/// (which it starts itself) stays in that group and inherits its limits. At the end, at
/// ``deadline``, or when `lab` is stopped, the whole group is killed: a process the
/// learner's code left behind (holding the output, say) cannot keep the check running or
/// outlive it. The limits stop what a loop or a leak would otherwise run into, and the
/// check's message names the one that stopped it.
package struct Containment: Sendable {
    package var limits: ChildProcess.Limits
    /// How long the exercise may run: the measuring child's watchdog (60 s) and the time to
    /// report, with room to spare.
    package var deadline: Duration
    /// The sandbox around it, where there is one.
    package var sandbox = Sandbox(.none("not asked for"))

    package init(limits: ChildProcess.Limits, deadline: Duration) {
        self.limits = limits
        self.deadline = deadline
    }

    /// The same box, inside `sandbox`.
    package func sandboxed(by sandbox: Sandbox) -> Containment {
        var containment = self
        containment.sandbox = sandbox
        return containment
    }

    /// The limits of a check. Each is far above what a check of a reference solution uses
    /// (Docs/Reliability.md has the figures), and low enough to stop a runaway:
    /// - CPU time: 90 s a process, more than the 60 s watchdog, so that one thread in a loop
    ///   meets the watchdog first, and threads spinning on every core meet this limit;
    /// - address space: 4 GiB a process;
    /// - file size: 256 MiB a file;
    /// - processes: 256 more than the user runs when the check starts (the kernel counts
    ///   all of the user's processes, and does not apply the limit to root).
    package static var standard: Containment {
        Containment(
            limits: ChildProcess.Limits(
                cpuSeconds: 90, addressSpaceBytes: 4 << 30, fileSizeBytes: 256 << 20,
                processes: userProcessCount().map { UInt64($0 + 256) }
            ),
            deadline: .seconds(120)
        )
    }

    /// The limits of the run under ThreadSanitizer: those of ``standard`` with no limit on
    /// address space, which the sanitizer's shadow memory reserves by the terabyte, and
    /// longer times, for code that runs several times slower.
    package static var underThreadSanitizer: Containment {
        var containment = standard
        containment.limits.addressSpaceBytes = nil
        containment.limits.cpuSeconds = 300
        containment.deadline = .seconds(300)
        return containment
    }

    /// How many processes the user runs now (Linux: from /proc), or nil where it cannot be
    /// counted, which leaves the limit as it is.
    package static func userProcessCount() -> Int? {
        #if os(Linux)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        let user = getuid()
        var count = 0
        for entry in entries where entry.allSatisfy(\.isNumber) {
            var info = stat()
            if stat("/proc/\(entry)", &info) == 0, info.st_uid == user { count += 1 }
        }
        return count
        #else
        return nil
        #endif
    }
}
