import Baselines
import Foundation
import NoteStore
import RowKit
import TestSupport
import Testing
import Workload

/// The grdb peer: GRDB's `DatabaseQueue` running the store's SQL, its files in WAL mode like
/// the other rows'. That it ends where the reference model ends, fails the way the store
/// fails and leaves nothing behind, the conformance suite checks for every row.
@Suite("GRDB repository")
struct GRDBRepositoryTests {
    @Test("A file database ends where memory does, and is in WAL mode like the other rows' files")
    func fileDatabase() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("grdb.sqlite")
        let plan = ScenarioPlan(scenario: .mixed, operations: 40, clients: 4, seed: 29)
        let repository = try GRDBRepository(location: .file(path))
        try await ScenarioRunner.prepare(plan, on: repository)
        let reads = try await ScenarioRunner.run(plan, on: repository)
        // A rollback journal is deleted at each commit; a WAL file stays while the
        // connection is open: its presence says `prepareDatabase` set WAL.
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let outcome = try await ScenarioRunner.outcome(reads: reads, on: repository)
        try await repository.close()
        #expect(outcome == ReferenceModel.expectedOutcome(of: plan))
    }

    // MARK: The row's declaration

    @Test("The peer row is named and declared as the design says")
    func descriptor() {
        let row = RowDescriptor.grdb
        #expect(row.name == "grdb")
        #expect(row.kind == .peer)
        #expect(row.lessons.isEmpty)
        #expect(row.concurrentClients)
        for call in RepositoryCall.allCases where call != .listScreen {
            #expect(row.expectedHops?.hops(call) == 1...1, "\(call)")
        }
        // From the main actor, the nonisolated method leaves it and comes back.
        #expect(row.expectedHops?.hops(.listScreen) == 3...3)
    }
}
