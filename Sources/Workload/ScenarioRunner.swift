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
    @inlinable  // specialised in the caller, so timing each operation costs no generic dispatch
    public static func run<Recorder: OperationRecorder>(
        _ plan: ScenarioPlan, on repository: any NoteRepository, clients: ClientMode = .concurrent, recorder: Recorder
    ) async throws -> (reads: Checksum, logs: [Recorder.Log]) {
        var results: [(reads: Checksum, log: Recorder.Log)?] = Array(repeating: nil, count: plan.clients.count)
        if clients.isConcurrent && plan.clients.count > 1 {
            var preferred: (any TaskExecutor)?
            if case .concurrentPreferring(let executor) = clients { preferred = executor(repository) }
            try await withThrowingTaskGroup(of: (Int, Checksum, Recorder.Log).self) { group in
                for (index, operations) in plan.clients.enumerated() {
                    // A nil preference is the cooperative pool: the `.concurrent` clients.
                    group.addTask(executorPreference: preferred) {
                        let (reads, log) = try await runClient(operations, on: repository, recorder: recorder)
                        return (index, reads, log)
                    }
                }
                for try await (index, reads, log) in group { results[index] = (reads, log) }
            }
        } else if case .concurrentPreferring(let executor) = clients, let preferred = executor(repository) {
            // One client still runs in a task that prefers the row's executor.
            results[0] = try await withTaskExecutorPreference(preferred) {
                try await runClient(plan.clients[0], on: repository, recorder: recorder)
            }
        } else {
            for (index, operations) in plan.clients.enumerated() {
                results[index] = try await runClient(operations, on: repository, recorder: recorder)
            }
        }
        var reads = Checksum()
        for result in results { reads.combine(result!.reads) }
        return (reads, results.map { $0!.log })
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
        _ operations: [ScenarioPlan.Operation], on repository: any NoteRepository, recorder: Recorder
    ) async throws -> (reads: Checksum, log: Recorder.Log) {
        var reads = Checksum()
        var log = recorder.makeLog(operations: operations.count)
        if Recorder.timesOperations {
            let clock = ContinuousClock()
            for operation in operations {
                let start = clock.now
                try await perform(operation, on: repository, reads: &reads)
                recorder.record(clock.now - start, in: &log)
            }
        } else {
            for operation in operations { try await perform(operation, on: repository, reads: &reads) }
        }
        return (reads, log)
    }

    /// Performs one operation; what it read goes into `reads`.
    public static func perform(
        _ operation: ScenarioPlan.Operation, on repository: any NoteRepository, reads: inout Checksum
    ) async throws {
        switch operation {
        case .importBatch(let batch):
            try await repository.importBatch(batch)
        case .pointRead(let id):
            reads.combine(try await repository.snapshot(of: id))
        case .update(let id, let edit):
            try await repository.update(id, with: edit)
        case .chatty(let id):
            let title = try await repository.title(of: id)
            let body = try await repository.body(of: id)
            let folderName = try await repository.folderName(of: id)
            let modified = try await repository.modified(of: id)
            reads.combineChattyRead(title: title, body: body, folderName: folderName, modified: modified)
        }
    }
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
