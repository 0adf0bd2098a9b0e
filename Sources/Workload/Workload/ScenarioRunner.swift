import NoteStore

// MARK: - ScenarioRunner

/// Runs a plan's operations through a repository, each client in its own task.
///
/// The runner knows nothing of the pattern behind the repository: it only calls the
/// protocol. Setup and verification happen outside the measured part.
public enum ScenarioRunner {
    /// Writes the plan's setup data through `repository` (not measured).
    public static func prepare(_ plan: ScenarioPlan, on repository: any NoteRepository) async throws {
        for batch in plan.setup { try await repository.importBatch(batch) }
    }

    /// Runs every client's operations as `clients` says: one after another on one task (the
    /// single-threaded baseline's contract), or each in its own task, preferring the row's
    /// executor when the mode names one. Returns the digest of everything read.
    public static func run(
        _ plan: ScenarioPlan, on repository: any NoteRepository, clients: ClientMode = .concurrent
    ) async throws -> Checksum {
        try await run(plan, on: repository, clients: clients, recorder: NoRecorder()).reads
    }

    /// Runs every client's operations, concurrently unless `concurrentClients` is false.
    public static func run(
        _ plan: ScenarioPlan, on repository: any NoteRepository, concurrentClients: Bool
    ) async throws -> Checksum {
        try await run(plan, on: repository, clients: concurrentClients ? .concurrent : .sequential)
    }

    /// Runs every client's operations, timing each one into the client's own log when the
    /// recorder asks for it. Clients never share a log, so recording takes no lock.
    ///
    /// A scenario with a list (``ScenarioDefinition/frames``) renders it on the main actor
    /// while each segment runs (``ListFrameReader``); a frame that showed what the store
    /// could not have shown makes the returned reads differ from the reference model's.
    ///
    /// The operations are generated in segments of at most the scenario's
    /// ``ScenarioDefinition/segmentOperations`` over all clients, each before `meter`
    /// starts and after it stopped: what a meter measures is the work, never the
    /// generating, and memory holds one segment. Clients wait for each other at the end of
    /// a segment; every default plan is one segment.
    @inlinable  // specialised in the caller, so timing each operation costs no generic dispatch
    public static func run<Recorder: OperationRecorder, Meter: RunMeter>(
        _ plan: ScenarioPlan, on repository: any NoteRepository, clients: ClientMode = .concurrent, recorder: Recorder,
        meter: inout Meter
    ) async throws -> ScenarioRun<Recorder.Log> {
        try await run(
            plan, on: repository, clients: clients, recorder: recorder, meter: &meter,
            segmentOperations: plan.scenario.definition.segmentOperations
        )
    }

    /// ``run(_:on:clients:recorder:meter:)`` with segments of a chosen size.
    @inlinable
    static func run<Recorder: OperationRecorder, Meter: RunMeter>(
        _ plan: ScenarioPlan, on repository: any NoteRepository, clients mode: ClientMode, recorder: Recorder,
        meter: inout Meter, segmentOperations: Int
    ) async throws -> ScenarioRun<Recorder.Log> {
        var clients = plan.clients.map { $0.makeIterator() }
        var reads = Array(repeating: Checksum(), count: clients.count)
        var logs: [Recorder.Log?] = plan.clients.map { recorder.makeLog(operations: $0.count) }
        let length = max(1, segmentOperations / clients.count)
        // A nil preference is the cooperative pool: the `.concurrent` clients.
        var preferred: (any TaskExecutor)?
        if case .concurrentPreferring(let executor) = mode { preferred = executor(repository) }
        var segments = 0
        let schedule = plan.scenario.definition.frames
        let expected = schedule.map { ListExpectation(plan: plan, titles: $0.titles) }
        var frames: FrameLog?
        while true {
            let segment = clients.indices.map { nextSegment(of: &clients[$0], length: length) }
            if segment.allSatisfy(\.isEmpty) { break }
            segments += 1
            // The meter starts first, so that it counts every frame of the list's, its first too.
            meter.start()
            var rendering: ListFrameReader.Rendering?
            if let schedule, let expected {
                rendering = ListFrameReader.start(on: repository, schedule: schedule, expected: expected)
            }
            do {
                try await runSegment(
                    segment, on: repository, mode: mode, preferred: preferred, recorder: recorder,
                    reads: &reads, logs: &logs
                )
            } catch {
                _ = await rendering?.finish()
                throw error
            }
            let segmentFrames = await rendering?.finish()
            meter.stop()
            if let segmentFrames { frames = (frames ?? FrameLog()).merged(with: segmentFrames) }
        }
        if meter.measuresFixedCost && segments > 0 {
            // The same clients with nothing to do: what starting and ending a segment costs.
            // Everything it needs is made before the meter starts, as a real segment's is.
            let empty = Array(repeating: [ScenarioPlan.Operation](), count: clients.count)
            var emptyReads = Array(repeating: Checksum(), count: clients.count)
            var emptyLogs: [Recorder.Log?] = clients.indices.map { _ in recorder.makeLog(operations: 0) }
            meter.startFixedCost()
            try await runSegment(
                empty, on: repository, mode: mode, preferred: preferred, recorder: recorder,
                reads: &emptyReads, logs: &emptyLogs
            )
            meter.stopFixedCost(segments: segments)
        }
        var total = Checksum()
        for clientReads in reads { total.combine(clientReads) }
        // The reference model reads nothing in a list's frames: any wrong screen is a difference.
        if let frames, frames.wrongScreens > 0 { total.combine(Int64(frames.wrongScreens)) }
        return ScenarioRun(reads: total, logs: logs.map { $0! }, frames: frames)
    }

    /// Runs one segment: each client's share in its own task when the mode is concurrent
    /// (preferring `preferred` when it is set), else one after another on this task.
    @inlinable
    static func runSegment<Recorder: OperationRecorder>(
        _ segment: [[ScenarioPlan.Operation]], on repository: any NoteRepository, mode: ClientMode,
        preferred: (any TaskExecutor)?, recorder: Recorder, reads: inout [Checksum], logs: inout [Recorder.Log?]
    ) async throws {
        if mode.isConcurrent && segment.count > 1 {
            try await withThrowingTaskGroup(of: (Int, Checksum, Recorder.Log).self) { group in
                for (index, operations) in segment.enumerated() {
                    // Moved out of the array, so the task appends to it without a copy.
                    let (clientReads, log) = (reads[index], logs[index].take()!)
                    group.addTask(executorPreference: preferred) {
                        let (reads, log) = try await runClient(
                            operations, on: repository, recorder: recorder, reads: clientReads, log: log
                        )
                        return (index, reads, log)
                    }
                }
                for try await (index, clientReads, log) in group { (reads[index], logs[index]) = (clientReads, log) }
            }
        } else if let preferred {
            // One client still runs in a task that prefers the row's executor.
            let (clientReads, log) = (reads[0], logs[0].take()!)
            (reads[0], logs[0]) = try await withTaskExecutorPreference(preferred) {
                try await runClient(segment[0], on: repository, recorder: recorder, reads: clientReads, log: log)
            }
        } else {
            for (index, operations) in segment.enumerated() {
                (reads[index], logs[index]) = try await runClient(
                    operations, on: repository, recorder: recorder, reads: reads[index], log: logs[index].take()!
                )
            }
        }
    }

    /// Runs every client's operations, timing each one when the recorder asks for it, with
    /// nothing measured around the segments.
    @inlinable
    public static func run<Recorder: OperationRecorder>(
        _ plan: ScenarioPlan, on repository: any NoteRepository, clients: ClientMode = .concurrent, recorder: Recorder
    ) async throws -> ScenarioRun<Recorder.Log> {
        var meter = NoMeter()
        return try await run(plan, on: repository, clients: clients, recorder: recorder, meter: &meter)
    }

    @usableFromInline
    static func nextSegment(of client: inout ScenarioPlan.Client.Iterator, length: Int) -> [ScenarioPlan.Operation] {
        var operations: [ScenarioPlan.Operation] = []
        operations.reserveCapacity(length)
        while operations.count < length, let operation = client.next() { operations.append(operation) }
        return operations
    }

    /// Prepares, runs and reads back a plan in one call: what a test compares with
    /// ``ReferenceModel/expectedOutcome(of:)``.
    public static func outcome(
        of plan: ScenarioPlan, on repository: any NoteRepository, clients: ClientMode = .concurrent
    ) async throws -> ReferenceModel.Outcome {
        try await prepare(plan, on: repository)
        let reads = try await run(plan, on: repository, clients: clients)
        return try await outcome(reads: reads, on: repository)
    }

    /// The outcome of a plan whose clients run concurrently unless `concurrentClients` is false.
    public static func outcome(
        of plan: ScenarioPlan, on repository: any NoteRepository, concurrentClients: Bool
    ) async throws -> ReferenceModel.Outcome {
        try await outcome(of: plan, on: repository, clients: concurrentClients ? .concurrent : .sequential)
    }

    /// Reads back what a run left behind, to compare with ``ReferenceModel/expectedOutcome(of:)``.
    public static func outcome(reads: Checksum, on repository: any NoteRepository) async throws -> ReferenceModel.Outcome {
        ReferenceModel.Outcome(
            checksum: try await repository.checksum(), reads: reads, noteCount: try await repository.count()
        )
    }

    @inlinable
    static func runClient<Recorder: OperationRecorder>(
        _ operations: [ScenarioPlan.Operation], on repository: any NoteRepository, recorder: Recorder,
        reads: Checksum, log: Recorder.Log
    ) async throws -> (reads: Checksum, log: Recorder.Log) {
        var reads = reads
        var log = log
        let view = try await SyncView.open(for: operations, on: repository)
        if Recorder.timesOperations {
            let clock = ContinuousClock()
            for operation in operations {
                let start = clock.now
                try await operation.perform(on: repository, view: view, reads: &reads)
                recorder.record(clock.now - start, in: &log)
            }
        } else {
            for operation in operations { try await operation.perform(on: repository, view: view, reads: &reads) }
        }
        await view?.close()
        return (reads, log)
    }
}

// MARK: - ScenarioRun

/// What running a plan produced: the digest of everything read, each client's log, and the
/// list's frames when the scenario has one.
public struct ScenarioRun<Log: Sendable>: Sendable {
    public let reads: Checksum
    /// Each client's log from the recorder, in client order.
    public let logs: [Log]
    /// What the main-actor list rendered (``ScenarioDefinition/frames``); nil without one.
    public let frames: FrameLog?

    @usableFromInline
    init(reads: Checksum, logs: [Log], frames: FrameLog?) {
        self.reads = reads
        self.logs = logs
        self.frames = frames
    }
}

// MARK: - RunMeter

/// What a caller measures around the running of a plan's operations (a clock, CPU time,
/// counters): started before each segment runs, stopped after, so generating the
/// operations is never measured.
public protocol RunMeter {
    mutating func start()
    mutating func stop()

    /// Whether the runner, once the plan has run, runs one more segment in which every
    /// client has nothing to do, between ``startFixedCost()`` and
    /// ``stopFixedCost(segments:)``: what starting and ending a segment's clients costs
    /// (a task each, an executor preference), for a meter that reports counts per
    /// operation without it. False unless the meter says otherwise.
    var measuresFixedCost: Bool { get }
    /// Called right before the segment with nothing to do, when ``measuresFixedCost``.
    mutating func startFixedCost()
    /// Called right after it; `segments`: how many segments the plan ran, each of which
    /// paid that cost once. A meter that opts in implements both: the defaults do nothing.
    mutating func stopFixedCost(segments: Int)
}

extension RunMeter {
    public var measuresFixedCost: Bool { false }
    public mutating func startFixedCost() {}
    public mutating func stopFixedCost(segments: Int) {}
}

/// Measures nothing.
public struct NoMeter: RunMeter {
    public init() {}
    public func start() {}
    public func stop() {}
}

// MARK: - OperationRecorder

/// Receives the duration of every operation of one client, in that client's own log.
public protocol OperationRecorder: Sendable {
    associatedtype Log: Sendable
    /// Whether the runner reads the clock around each operation at all.
    static var timesOperations: Bool { get }
    func makeLog(operations: Int) -> Log
    func record(_ duration: Duration, in log: inout Log)
}

/// Records nothing and reads no clock.
public struct NoRecorder: OperationRecorder {
    public init() {}
    public static var timesOperations: Bool { false }
    public func makeLog(operations: Int) {}
    public func record(_ duration: Duration, in log: inout Void) {}
}
