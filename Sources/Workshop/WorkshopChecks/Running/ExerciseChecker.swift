internal import ChildProcesses
internal import Support
import Foundation
internal import Meters

// MARK: - CheckRun

/// An exercise's check on one type, run as `WorkshopReference` runs it: the arguments of
/// the process and the seeds (nil for fresh ones) in, the exit code out
/// (``ExerciseChecker/run(arguments:seeds:)``). The reference modules' tables hold these.
package typealias CheckRun = @Sendable ([String], [UInt64]?) async -> Int32

// MARK: - ExerciseChecker

/// An exercise's check: what to measure in the learner's code, and how to judge it.
///
/// An exercise's executable runs three times. Started by `lab workshop check`, it chooses
/// two seeds and starts itself again once per seed as a child process that runs
/// ``measure(_:)`` with the concurrency-debug trap on and the backtracer ready, so a trap
/// stops the child, not the check. It then turns what each child recorded, and how it
/// ended, into ``checks(_:run:data:)``, keeps the worse result of each check, and prints the
/// report. The learner's code runs only in the children, which never learn what the check
/// expects: the parent computes that from the seed.
public protocol ExerciseChecker {
    associatedtype Measured: Measurements

    static var exercise: Exercise { get }

    /// Whether the exercise works in a container the check hands in: its runs then also
    /// check that no other container was opened and no thread was parked by a wait.
    static var usesStore: Bool { get }

    /// Where the exercise's contexts may be: unless anywhere, a `contexts` check follows
    /// `store`.
    static var contextPlacement: ContextPlacement { get }

    /// Whether the check counts bytes: its child then runs with the allocator's exact
    /// statistics.
    static var countsBytes: Bool { get }

    /// How much later each job of the store starts while the child runs.
    static var storeSlowdown: Duration { get }

    /// Runs in the child process: drives the learner's code and records what the meters
    /// say, on the run's data (`record.data`).
    static func measure(_ record: Recorder<Measured>) async throws

    /// Runs in the parent: the checks, from the measurements, how the child ended, and the
    /// data the child was given.
    static func checks(_ measured: Measured, run: ChildRun, data: WorkshopData) -> [Check]
}

extension ExerciseChecker {
    public static var usesStore: Bool { true }

    public static var contextPlacement: ContextPlacement { .anywhere }

    /// Whether the check counts bytes: its child then runs with the allocator's exact
    /// statistics, which turn off the allocator's thread caches. Others keep them: without
    /// them, threads that allocate at once take turns at a lock, and a turn is a sleep the
    /// stall meter would charge to a job that only computes.
    public static var countsBytes: Bool { false }

    /// How much later each job of the store starts while the child runs: long enough that a
    /// thread held until the store answers is held for milliseconds.
    public static var storeSlowdown: Duration { .milliseconds(3) }

    /// How long the child may run before it is declared stuck: this only stops a deadlock,
    /// far beyond what any finished run takes. It grades nothing.
    public static var watchdog: Duration { .seconds(60) }

    /// The argument, followed by the secret file's path, that makes the executable the
    /// measuring child.
    static var measureFlag: String { "--measure" }



    /// Runs per check: two, so a value copied from one run is wrong in the next.
    static var runs: Int { 2 }


    /// The exercise executable's entry point: `await ConfinementCheck<QueueArchive>.main()`.
    public static func main() async -> Never {
        exit(await run(arguments: Array(CommandLine.arguments.dropFirst())))
    }

    /// Measures (with `--measure`) or checks on fresh seeds, and returns the exit code: 0
    /// when the exercise passes, 1 when a check fails.
    public static func run(arguments: [String]) async -> Int32 {
        await run(arguments: arguments, seeds: nil)
    }

    /// ``run(arguments:)`` on the given seeds instead of fresh ones: for the lab's own tests,
    /// which must reproduce a run. An exercise's executable never takes seeds from outside.
    package static func run(arguments: [String], seeds: [UInt64]?) async -> Int32 {
        if let flag = arguments.firstIndex(of: measureFlag), flag + 1 < arguments.count {
            return await measureHere(secret: URL(fileURLWithPath: arguments[flag + 1]))
        }
        var arguments = arguments
        var reportToken = ""
        if let flag = arguments.firstIndex(of: Secret.reportFlag), flag + 1 < arguments.count {
            reportToken = Secret.take(from: URL(fileURLWithPath: arguments[flag + 1]))?.token ?? "missing"
            arguments.removeSubrange(flag...(flag + 1))
        }
        // `--one-run`: the run under ThreadSanitizer that `lab workshop check` adds, for its
        // `races` check alone.
        let runs = arguments.contains(CheckArguments.oneRun) ? 1 : runs
        arguments.removeAll { $0 == CheckArguments.oneRun }
        let seeds = seeds ?? (0..<runs).map { _ in UInt64.random(in: 1...UInt64.max) }
        var reports: [CheckReport] = []
        for seed in seeds {
            reports.append(await check(arguments: arguments, data: WorkshopData(seed: seed)))
        }
        var report = CheckReport(worstOf: reports)
        report.seeds = seeds
        Wire.report.write(Wire.encode(report), token: reportToken)
        return report.passed ? 0 : 1
    }

    /// Runs this executable again as the measuring child on `data`, and judges what it
    /// recorded.
    static func check(arguments: [String], data: WorkshopData) async -> CheckReport {
        let secret: Secret
        do {
            secret = try Secret(seed: data.seed)
        } catch {
            return CheckReport(exercise: exercise, checks: [.couldNotRun("\(error)")])
        }
        defer { secret.remove() }
        var environment = ProcessInfo.processInfo.environment
        // Exact allocator statistics in the child for the checks that count bytes, and the
        // allocator's thread caches for the others (``countsBytes``).
        environment[AllocationMeter.exactCountingEnvironment.name] = countsBytes ? AllocationMeter.exactCountingEnvironment.value : nil
        // Under ThreadSanitizer, the child of an exercise about crossing contexts writes its
        // reports where the check reads them (``ThreadSanitizer``).
        let raceFolder = exercise.checksRaces && ThreadSanitizer.isActive ? try? Self.makeRaceFolder() : nil
        defer { raceFolder.map { try? FileManager.default.removeItem(at: $0) } }
        let outerOptions = environment["TSAN_OPTIONS"]
        if let raceFolder { environment["TSAN_OPTIONS"] = ThreadSanitizer.options(reportingInto: raceFolder, over: outerOptions) }
        let result: ChildProcess.Result
        do {
            result = try await ChildProcess.run(
                ChildProcess.currentExecutable, arguments: arguments + [measureFlag, secret.file.path],
                environment: environment, timeout: watchdog, backtrace: true
            )
        } catch {
            return CheckReport(exercise: exercise, checks: [.couldNotRun("\(error)")])
        }
        let run = ChildRun(exercise: exercise, result: result, watchdog: watchdog, token: secret.token)
        var checks = checks(run.measured(as: Measured.self), run: run, data: data)
        if exercise.checksRaces {
            let reports = raceFolder.map(ThreadSanitizer.reports(in:))
            forward(reports?.filter { !$0.touches(exercise.folder) } ?? [], to: ThreadSanitizer.logPath(in: outerOptions))
            checks.append(.races(reports, exercise: exercise, run: run))
        }
        if usesStore {
            checks.insert(.ownsNoStore(run.ledger, run: run), at: 0)
            if contextPlacement != .anywhere { checks.insert(.contexts(run.ledger, placement: contextPlacement, run: run), at: 1) }
            // Last: a starter fails first for its own lesson (exercise 8's parse on the main
            // actor holds the main thread too, but its lesson is where the work runs).
            checks.append(.noBlockingWaits(run.ledger, exercise: exercise, limits: holdLimits, run: run))
        }
        return CheckReport(exercise: exercise, checks: checks)
    }

    /// A folder of its own for the reports of one child run under ThreadSanitizer.
    private static func makeRaceFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lab-races-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        return folder
    }

    /// Hands reports that are not about the exercise's code on to where the process's own
    /// reports go (`make race` counts them there): a race in the lab is the lab's to fix.
    private static func forward(_ reports: [RaceReport], to logPath: String?) {
        guard !reports.isEmpty, let logPath else { return }
        let text = reports.map(\.text).joined(separator: "\n") + "\n"
        try? Data(text.utf8).write(to: URL(fileURLWithPath: "\(logPath).workshop-\(getpid())-\(UUID().uuidString.prefix(8))"))
    }

    /// The child's side: reads and deletes the secret before any of the learner's code
    /// runs, measures, and sends what the store counted.
    private static func measureHere(secret file: URL) async -> Int32 {
        guard let secret = Secret.take(from: file) else {
            FileHandle.standardError.write(Data("the measuring run's seed file is missing\n".utf8))
            return 2
        }
        let recorder = Recorder<Measured>(data: WorkshopData(seed: secret.seed), token: secret.token)
        if usesStore { await watchTheThreadsThatMustNotWait() }
        do {
            try await measure(recorder)
            // The stall meter charges a job when it ends: end the one that ran the last of
            // the learner's code before the last reading.
            await Task.yield()
            recorder.recordLedger()
            return 0
        } catch {
            await Task.yield()
            recorder.recordLedger()
            recorder.recordError(error)
            return 2
        }
    }
}

// MARK: - ContextPlacement

/// Where an exercise's contexts may be.
public enum ContextPlacement: Sendable {
    /// Anywhere: the exercise is not about where its contexts are.
    case anywhere
    /// On any queue, the main one included, but not confined to an actor with the lab's
    /// `confine(to:)`, which Core Data does not have: where a read on the main actor is an
    /// accepted answer, as Core Data's view context is "associated with the main queue".
    case notConfinedToActors
    /// On a queue of their own: none on the main queue, none confined to an actor.
    case onTheirOwnQueues
}

// MARK: - CheckArguments

/// Arguments an exercise's executable takes from `lab workshop check`.
package enum CheckArguments {
    /// The check runs once, on one seed: `lab workshop check`'s run under ThreadSanitizer,
    /// which reads only its `races` check.
    package static let oneRun = "--one-run"
}

// MARK: - Secret

/// The seed and the token of one measuring run, in a file only the parent and the child
/// read: the child deletes it, and its folder, before the learner's code runs.
package struct Secret: Codable {
    /// The argument, followed by a secret file's path, with which `lab workshop check` hands
    /// the exercise's executable the token its report line must carry. The executable reads
    /// and deletes the file before it starts any child, so no learner's code can learn it.
    package static let reportFlag = "--report-secret"

    var seed: UInt64
    package var token: String
    /// Where the parent wrote it; not part of the file.
    package var file: URL { folder.appendingPathComponent("run.json") }
    private var folderPath: String
    private var folder: URL { URL(fileURLWithPath: folderPath) }

    /// A new secret in a folder of its own inside `parent`, readable by this user alone.
    package init(seed: UInt64 = 0, in parent: URL = FileManager.default.temporaryDirectory) throws {
        self.seed = seed
        token = (0..<4).map { _ in String(UInt32.random(in: 0...UInt32.max), radix: 16) }.joined()
        let folder = parent.appendingPathComponent("lab-workshop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        folderPath = folder.path
        try Data(Wire.encode(self).utf8).write(to: file, options: .withoutOverwriting)
    }

    /// Reads the secret at `file` and deletes it with its folder.
    static func take(from file: URL) -> Secret? {
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: file.deletingLastPathComponent())
        }
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(Secret.self, from: data)
    }

    /// Removes the folder if the child did not (it never started, or crashed first).
    package func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}

// MARK: - Reports of several runs

extension CheckReport {
    /// One report from the runs of one check: each check as its worst run has it, so a
    /// check passes only when it passed in every run.
    init(worstOf reports: [CheckReport]) {
        guard var combined = reports.first else {
            self.init(exercise: 0, slug: "", checks: [])
            return
        }
        for report in reports.dropFirst() {
            for check in report.checks {
                if let index = combined.checks.firstIndex(where: { $0.id == check.id }) {
                    if check.severity > combined.checks[index].severity { combined.checks[index] = check }
                } else {
                    combined.checks.append(check)
                }
            }
        }
        self.init(exercise: combined.exercise, slug: combined.slug, checks: combined.checks)
    }
}

extension Check {
    /// How much worse than passing: a failure over a check the run never reached.
    var severity: Int {
        switch status {
        case .passed: 0
        case .unavailable: 1
        case .notMeasured: 2
        case .failed: 3
        }
    }

    /// `run`: the check could not start its measuring child.
    package static func couldNotRun(_ reason: String) -> Check {
        Check(id: .run, status: .failed, expected: "the check runs", measured: reason, problem: reason)
    }
}
