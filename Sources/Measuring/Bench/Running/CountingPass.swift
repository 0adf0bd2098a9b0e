import Foundation
import Meters
import NoteStore
import Workload
import ChildProcesses
import Support
import RowKit

// MARK: - CountingPass

/// The counts of every row: hops, enqueues, queue jobs, allocations, leaked objects and leaked bytes.
///
/// It runs in a child process (`lab counting-pass REQUEST COUNTS`, ``serve(request:counts:)``)
/// started with jemalloc's thread caches off, the only way its allocation counters are
/// exact; the parent keeps the caches on for the timing pass.
package enum CountingPass {
    package static let repeatCycles = 4
    /// Times the repeated cycles run again after the caches are filled anew, while every
    /// cycle grew: a thread libdispatch started meanwhile has a cache to fill too.
    package static let refills = 2

    // MARK: The parent's side

    /// Runs the counting pass in a child process and reads what it wrote.
    ///
    /// The child works in a temporary folder of this process's: its counts file, and (its
    /// `TMPDIR`) its own temporary databases. The folder goes when the child has ended,
    /// however it ended (a crash, a memory limit, a kill), or when this process is stopped.
    /// The child leads a process group of its own, which is killed with it.
    package static func launch(_ settings: BenchSettings) async throws -> Counts {
        let folder = try ScratchFolder.create(named: "lab-counting-\(getpid())", for: "the counting pass")
        defer { ScratchFolder.remove(folder) }
        let file = folder + "/counts.json"
        let request = folder + "/request.json"
        try OutputFile.write(String(decoding: try JSONEncoder().encode(settings.request), as: UTF8.self), to: request)
        var environment = ProcessInfo.processInfo.environment
        environment[AllocationMeter.exactCountingEnvironment.name] = AllocationMeter.exactCountingEnvironment.value
        environment["TMPDIR"] = folder
        let result: ChildProcess.Result
        do {
            result = try await ChildProcess.run(
                ChildProcess.currentExecutable, arguments: [countingPassCommand, request, file],
                environment: environment, ownGroup: true
            )
        } catch {
            throw LabError.checkFailed("the counting pass could not start: \(error)")
        }
        guard result.exitStatus == 0, let data = FileManager.default.contents(atPath: file),
              let counts = try? JSONDecoder().decode(Counts.self, from: data)
        else {
            Interruption.waitIfStopping()
            let ending = result.exitStatus.map { "exit status \($0)" } ?? signalName(result.signal ?? 0)
            var line = "the counting pass ended with \(ending)"
            if result.signal == SIGKILL {
                // Nothing in lab sends it: the out-of-memory killer does, or a person.
                line += "; if nothing else killed it, the system may have run out of memory for it"
            } else if let said = result.output.split(separator: "\n").last {
                line += ": \(said)"
            }
            throw LabError.checkFailed(line)
        }
        return counts
    }

    /// Why a row has no counts, when the settings skip the pass.
    package static func skippedReason(_ settings: BenchSettings) -> String? {
        settings.meters ? nil : "the counting pass was skipped (--no-meters)"
    }

    // MARK: The child's side

    /// The `lab` subcommand the child runs: `lab counting-pass REQUEST COUNTS`.
    package static let countingPassCommand = "counting-pass"

    /// The child's entry point: reads the settings from the file `request`, counts every
    /// row, and writes the counts to the file `counts` as JSON. The child ends with its
    /// parent, whichever way the parent ends.
    package static func serve(request: String, counts: String) async throws {
        Interruption.stopWithParent()
        // The request lies in the folder the parent made for this pass (this process's
        // TMPDIR). A parent killed outright (SIGKILL) cannot remove it; this process stops
        // when its parent goes, and removes it then.
        let parentFolder = ScratchFolder.directory
        if URL(fileURLWithPath: request).deletingLastPathComponent().path == parentFolder,
           parentFolder.split(separator: "/").last?.hasPrefix("lab-counting-\(getppid())-") == true {
            Interruption.removeIfInterrupted(parentFolder)
        }
        guard let data = FileManager.default.contents(atPath: request),
              let decoded = try? JSONDecoder().decode(BenchSettings.Request.self, from: data)
        else {
            throw LabError.usage("the counting pass cannot read its request '\(request.shown)'")
        }
        let settings = try BenchSettings(decoded)
        if case .file(let path) = settings.database { try checkHeldByParent(path) }
        let counted = try await run(settings)
        try OutputFile.write(String(decoding: try JSONEncoder().encode(counted), as: UTF8.self), to: counts)
    }

    /// Checks a `--database` file as `lab bench` does (the lab's own, with the lab's schema),
    /// and that the process that started this one holds its lock: the counting pass empties
    /// and fills the file, which only the run that claimed it may do.
    private static func checkHeldByParent(_ path: String) throws(LabError) {
        let file = try LabDatabaseFile(checking: path, heldBy: getppid()).file
        #if os(Linux)
        let status: FileStatus?
        do {
            status = try FileStatus.of(file)
        } catch {
            throw .data("cannot inspect --database '\(file.shown)': \(error.message)")
        }
        guard let identity = status?.identity, DatabaseLock.holder(of: identity) == getppid() else {
            throw .usage("the counting pass's request names '\(file.shown)', which is not held by the lab bench run that started it: "
                + "the counting pass runs only as the child of that run")
        }
        #endif
    }

    /// Counts every row of every scenario of `settings`, a swept scenario at each client
    /// count, in this process: one child serves the whole sweep.
    package static func run(_ settings: BenchSettings) async throws -> Counts {
        let database = try BenchDatabase(location: settings.database)
        defer { database.removeAll() }
        // The store's count of reads behind writes costs every job sent to a context's queue
        // one allocation, and stays on once on: it is turned on right before the first
        // scenario with a list, and those come last, so every other scenario's allocation
        // counts are the same as without it. The timing pass never turns it on.
        let withoutList = settings.scenarios.filter { $0.definition.frames == nil }
        let withList = settings.scenarios.filter { $0.definition.frames != nil }
        var rows: [CountedRow] = []
        for scenario in withoutList + withList {
            if scenario.definition.frames != nil { ContextQueue.startCountingReadsBehindWrites() }
            for point in settings.atEachPoint(of: scenario) {
                for row in settings.rows(for: scenario) {
                    rows.append(await self.count(row, in: scenario, settings: point, database: database))
                }
            }
        }
        return Counts(rows: rows)
    }

    private static func count(
        _ row: RowDescriptor, in scenario: Scenario, settings: BenchSettings, database: BenchDatabase
    ) async -> CountedRow {
        let plan = settings.plan(for: scenario)
        let small = settings.warmUpPlan(for: scenario)
        let expected = ReferenceModel.expectedOutcome(of: plan)
        var counted = CountedRow(
            scenario: scenario.rawValue, row: row.id, clients: plan.clients.count,
            listTitles: scenario.definition.listSizes.isEmpty ? nil : plan.listTitles
        )
        do {
            _ = try await cycle(row, plan: small, database: database, metered: false)
            let metered = try await cycle(row, plan: plan, database: database, metered: true)
            counted.hops = metered.hops
            counted.enqueues = metered.enqueues
            counted.queueDispatches = metered.queueDispatches
            counted.blockingWaits = metered.blockingWaits
            counted.readsBehindWrites = metered.readsBehindWrites
            counted.framesRendered = metered.frames?.rendered
            counted.frameRenderings = metered.frames?.renderings
            counted.allocations = metered.allocations?.allocations
            counted.allocatedBytes = metered.allocations?.allocatedBytes
            counted.leakedObjects = metered.leaks.leakedObjects
            counted.retainPaths = metered.leaks.paths
            counted.outcomeMatches = metered.outcome == expected
            counted.outcome = metered.outcome
            counted.liveBytesAfterCycles = try await liveBytesAfterRepeatedCycles(of: row, plan: small, database: database)
        } catch {
            HopMeter.setEnabled(false)
            counted.failure = "\(error)"
        }
        return counted
    }

    /// The live bytes before and after each of ``repeatCycles`` cycles, with the caches
    /// filled first; nil without jemalloc.
    ///
    /// A thread that libdispatch starts while the cycles run (it adds threads to its pool
    /// when the machine is busy) begins with an empty cache, which grows with every cycle
    /// as a leak would. So when every cycle grew, the caches are filled again, the new
    /// thread's included, and the cycles run again, up to ``refills`` times: a leak grows
    /// in every attempt, a cache stops growing once filled. The attempt that grew least is
    /// kept.
    private static func liveBytesAfterRepeatedCycles(
        of row: RowDescriptor, plan: ScenarioPlan, database: BenchDatabase
    ) async throws -> [UInt64]? {
        var least: [UInt64]?
        for _ in 0...refills {
            await DispatchContinuationCaches.fill()
            var live = [AllocationMeter.read()?.liveBytes]
            for _ in 0..<repeatCycles {
                _ = try await cycle(row, plan: plan, database: database, metered: false)
                live.append(AllocationMeter.read()?.liveBytes)
            }
            guard !live.contains(nil) else { return nil }
            let attempt = live.compactMap { $0 }
            if least.map({ growthPerCycle(attempt) < growthPerCycle($0) }) ?? true { least = attempt }
            if growthPerCycle(attempt) == 0 { break }
        }
        return least
    }

    /// The smallest growth between two consecutive readings, and 0 when any cycle did not
    /// grow (noise, not a leak).
    static func growthPerCycle(_ live: [UInt64]) -> UInt64 {
        let growth = zip(live.dropFirst(), live).map { Int64(bitPattern: $0 &- $1) }
        return UInt64(max(0, growth.min() ?? 0))
    }

    /// One open/run/close cycle on a fresh database (``RowCycle``); returns once the row is
    /// released and every object the leak check recorded is gone, or the check has waited
    /// long enough.
    private static func cycle(
        _ row: RowDescriptor, plan: ScenarioPlan, database: BenchDatabase, metered: Bool
    ) async throws -> Cycle {
        let location = try database.fresh(for: row.name, run: 0)
        defer { database.discard(location) }
        var meter = CountingMeter(metered: metered)
        let cycle = try await RowCycle.run(row, plan: plan, on: location, recorder: NoRecorder(), meter: &meter)
        let work = meter.work
        return Cycle(
            hops: metered && HopMeter.isAvailable ? work.hops : nil,
            enqueues: metered && HopMeter.isAvailable ? work.enqueues : nil,
            queueDispatches: work.dispatches, blockingWaits: work.waits, readsBehindWrites: work.readsBehindWrites,
            frames: cycle.frames, allocations: work.allocations, outcome: cycle.outcome,
            leaks: cycle.leaks ?? .none
        )
    }

    private struct Cycle {
        var hops: UInt64?
        var enqueues: UInt64?
        var queueDispatches: Int
        var blockingWaits: Int
        var readsBehindWrites: Int
        var frames: FrameLog?
        var allocations: AllocationMeter.Reading?
        var outcome: ReferenceModel.Outcome
        var leaks: LeakReport = .none
    }
}

// MARK: - Counts

extension CountingPass {
    /// What the child process writes: one entry per scenario, client count and row.
    package struct Counts: Codable, Sendable {
        var rows: [CountedRow]

        func row(_ id: RowID, in scenario: Scenario, clients: Int, listTitles: Int? = nil) -> CountedRow? {
            rows.first {
                $0.row == id && $0.scenario == scenario.rawValue && $0.clients == clients && $0.listTitles == listTitles
            }
        }
    }

    /// The counts of one row in one scenario at one client count, over the whole measured plan.
    package struct CountedRow: Codable, Sendable {
        var scenario: String
        var row: RowID
        /// The clients of the measured plan: a sweep counts each scenario once per count.
        var clients = 1
        /// The titles of the plan's list reads, in a scenario that reads a list: counted once
        /// per size.
        var listTitles: Int?
        var hops: UInt64?
        /// Jobs handed to an executor: the global pool's or a custom one's.
        var enqueues: UInt64?
        var queueDispatches = 0
        /// `performAndWait` and other synchronous waits that parked the main thread, a
        /// context's queue or a thread of the cooperative pool (`StoreAudit`).
        var blockingWaits = 0
        /// Read jobs of the store's context queues that waited for a write of their own
        /// queue while the plan ran (`StoreAudit.readsQueuedBehindWrites`); nil from a
        /// counting pass that did not count them.
        var readsBehindWrites: Int?
        /// Frames the main-actor list rendered in the metered run, in a scenario with one:
        /// each made one list read, whose hops are in the run's.
        var framesRendered: Int?
        /// Times the list started and ended in that run: once per segment of the plan.
        var frameRenderings: Int?
        var allocations: UInt64?
        var allocatedBytes: UInt64?
        var leakedObjects = 0
        var retainPaths: [String] = []
        /// Live bytes once the caches are filled, then after each repeated cycle's teardown,
        /// from the attempt that grew least.
        var liveBytesAfterCycles: [UInt64]?
        var outcomeMatches = false
        var outcome: ReferenceModel.Outcome?
        var failure: String?

        /// What stays allocated per open/run/close cycle (``CountingPass/growthPerCycle(_:)``).
        var leakedBytesPerCycle: UInt64? {
            guard let live = liveBytesAfterCycles, live.count > 1 else { return nil }
            return CountingPass.growthPerCycle(live)
        }
    }
}
