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
        var digests: [Checksum]
        if concurrentClients && plan.clients.count > 1 {
            digests = Array(repeating: Checksum(), count: plan.clients.count)
            try await withThrowingTaskGroup(of: (Int, Checksum).self) { group in
                for (index, operations) in plan.clients.enumerated() {
                    group.addTask { (index, try await runClient(operations, on: repository)) }
                }
                for try await (index, digest) in group { digests[index] = digest }
            }
        } else {
            digests = []
            for operations in plan.clients { digests.append(try await runClient(operations, on: repository)) }
        }
        var reads = Checksum()
        for digest in digests { reads.combine(digest) }
        return reads
    }

    /// Reads back what a run left behind, to compare with ``ReferenceModel/expectedOutcome(of:)``.
    public static func outcome(reads: Checksum, on repository: any NoteRepository) async throws -> ReferenceModel.Outcome {
        ReferenceModel.Outcome(
            checksum: try await repository.checksum(), reads: reads, noteCount: try await repository.count()
        )
    }

    static func runClient(_ operations: [ScenarioPlan.Operation], on repository: any NoteRepository) async throws -> Checksum {
        var reads = Checksum()
        for operation in operations { try await perform(operation, on: repository, reads: &reads) }
        return reads
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
