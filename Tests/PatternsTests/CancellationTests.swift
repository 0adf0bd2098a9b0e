import ActorPerObjectStore
import Baselines
import Bench
import CustomExecutorStore
import GlobalActorStore
import ModelActorOnMainStore
import NoteStore
import ReaderPoolStore
import RowKit
import Testing
import Workload

/// A task cancelled while its batch is being imported: the batch is written whole or not at
/// all, never in part.
@Suite("A cancelled import")
struct CancellationTests {
    /// The rows whose import runs inside the calling task, where the store sees the
    /// cancellation; the others hand it to a queue job (queue-perform, plain-actor) or to
    /// GRDB's queue, outside the task.
    static let seeingCancellation: Set<RowID> = [
        .customExecutor, .globalActor, .actorPerObject, .modelActorOnMain, .readerPool, .storeSync, .rawSQLite, .mutex,
    ]

    /// 20,000 notes in one batch.
    static let batch = NoteBatch(notes: Array(
        ScenarioPlan(scenario: .importBatch, operations: 200, clients: 1, seed: 5).clients[0].lazy
            .flatMap { operation -> [NoteSnapshot] in
                if case .importBatch(let batch) = operation { batch.notes } else { [] }
            }
    ))

    @Test("A task cancelled before its batch commits writes none of it; the same batch imports whole afterwards", arguments: RowConformanceTests.rows)
    func cancelledBatchIsRolledBack(row: RowConformanceTests.Row) async throws {
        let repository = try await row.descriptor.open(RepositoryConfiguration(location: .inMemory))
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .importBatch, operations: 1, clients: 1, seed: 5), on: repository)
        let batch = Self.batch
        // The task is cancelled as the import begins. The store looks once per batch, after
        // writing its rows and before the commit, so a cancel at any moment up to then (a
        // moment a test cannot pick on a busy machine) meets the same check: the rows
        // already written into the open transaction or the context are rolled back.
        let result = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await repository.importBatch(batch)
        }.result
        let count = try await repository.count()

        if Self.seeingCancellation.contains(row.descriptor.id) {
            #expect(throws: NoteStoreError.cancelled) { try result.get() }
            #expect(count == 0, "none of the batch was written")
        } else {
            #expect(count == 0 || count == batch.notes.count, "all or nothing, not \(count)")
            if case .failure = result { #expect(count == 0) }
        }
        if count == 0 {
            try await repository.importBatch(batch)
            #expect(try await repository.count() == batch.notes.count, "nothing of the cancelled batch was left behind")
        }
        try await repository.close()
    }
}
