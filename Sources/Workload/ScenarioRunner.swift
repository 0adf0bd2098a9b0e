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

    /// Runs every client's operations; clients run concurrently unless `concurrentClients`
    /// is false, in which case they run one after another on one task (the single-threaded
    /// baseline's contract). Returns the digest of everything read.
    public static func run(
        _ plan: ScenarioPlan, on repository: any NoteRepository, concurrentClients: Bool = true
    ) async throws -> Checksum {
        try await run(plan, on: repository, concurrentClients: concurrentClients, recorder: NoRecorder()).reads
    }

    /// Runs every client's operations, timing each one into the client's own log when the
    /// recorder asks for it. Clients never share a log, so recording takes no lock.
    @inlinable  // specialised in the caller, so timing each operation costs no generic dispatch
    public static func run<Recorder: OperationRecorder>(
        _ plan: ScenarioPlan, on repository: any NoteRepository, concurrentClients: Bool = true, recorder: Recorder
    ) async throws -> (reads: Checksum, logs: [Recorder.Log]) {
        var results: [(reads: Checksum, log: Recorder.Log)?] = Array(repeating: nil, count: plan.clients.count)
        if concurrentClients && plan.clients.count > 1 {
            try await withThrowingTaskGroup(of: (Int, Checksum, Recorder.Log).self) { group in
                for (index, operations) in plan.clients.enumerated() {
                    group.addTask {
                        let (reads, log) = try await runClient(operations, on: repository, recorder: recorder)
                        return (index, reads, log)
                    }
                }
                for try await (index, reads, log) in group { results[index] = (reads, log) }
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
        of plan: ScenarioPlan, on repository: any NoteRepository, concurrentClients: Bool = true
    ) async throws -> ReferenceModel.Outcome {
        try await prepare(plan, on: repository)
        let reads = try await run(plan, on: repository, concurrentClients: concurrentClients)
        return try await outcome(reads: reads, on: repository)
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
        let view = try await SyncView.open(for: operations, on: repository)
        if Recorder.timesOperations {
            let clock = ContinuousClock()
            for operation in operations {
                let start = clock.now
                try await perform(operation, on: repository, view: view, reads: &reads)
                recorder.record(clock.now - start, in: &log)
            }
        } else {
            for operation in operations { try await perform(operation, on: repository, view: view, reads: &reads) }
        }
        await view?.close()
        return (reads, log)
    }

    /// Performs one operation; what it read goes into `reads`. A sync operation's reader is
    /// `view`, or a view opened for this one operation when it is nil.
    public static func perform(
        _ operation: ScenarioPlan.Operation, on repository: any NoteRepository, view: SyncView? = nil,
        reads: inout Checksum
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
        case .sync(let write):
            try await perform(write, on: repository, reads: &reads)
            if let view {
                reads.combine(try await view.read())
            } else {
                let view = try await SyncView(repository: repository)
                reads.combine(try await view.read())
                await view.close()
            }
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
