import Rows
import Bench
import Foundation
import NoteStore
import RowKit
import Synchronization
import TestSupport
import Testing
import Workload

/// 64 client tasks at once on every row that takes concurrent clients, then the invariants:
/// nothing lost, every count adds up, and the database ends at the reference checksum.
///
/// `LAB_STRESS_OPERATIONS` sets the operations per row (over all 64 clients); the default
/// keeps `make test` short.
@Suite("64 clients at once")
struct StressTests {
    static let clients = 64
    static let operations = ProcessInfo.processInfo.environment["LAB_STRESS_OPERATIONS"].flatMap(Int.init) ?? 1_280
    static let rows = RowCatalog.all.filter(\.concurrentClients).map(RowConformanceTests.Row.init)

    @Test("Mixed reads and updates from 64 tasks: no lost update, counts add up, reference checksum", arguments: rows)
    func mixedFromSixtyFourTasks(row: RowConformanceTests.Row) async throws {
        let plan = ScenarioPlan(scenario: .mixed, operations: Self.operations, clients: Self.clients, seed: 64)
        let folder = try TemporaryFolder()
        let repository = try await row.descriptor.open(
            RepositoryConfiguration(location: .file(folder.path("\(row).sqlite")), concurrencyDebug: true)
        )
        let counting = CountingRepository(repository)
        let outcome = try await ScenarioRunner.outcome(of: plan, on: counting, concurrentClients: true)
        let expectedNotes = Self.expectedNotes(after: plan)
        var lostUpdates = 0
        for (id, note) in expectedNotes where try await repository.snapshot(of: id) != note { lostUpdates += 1 }
        try await repository.close()

        let updates = plan.clients.joined().filter { if case .update = $0 { true } else { false } }.count
        #expect(plan.clients.count == 64 && plan.operationCount == Self.operations)
        #expect(lostUpdates == 0, "notes whose last update is missing or wrong")
        #expect(counting.calls.updates == updates, "one update call per planned update")
        #expect(counting.calls.reads == plan.operationCount - updates, "one read call per planned read")
        #expect(counting.calls.failures == 0)
        #expect(outcome.noteCount == ScenarioPlan.seededNoteCount)
        #expect(outcome == ReferenceModel.expectedOutcome(of: plan), "checksum, digest of every read, count")
    }

    /// Every seeded note as the plan's updates leave it, applied in each client's order
    /// (clients write disjoint notes, so their interleaving does not matter).
    static func expectedNotes(after plan: ScenarioPlan) -> [NoteID: NoteSnapshot] {
        var notes: [NoteID: NoteSnapshot] = [:]
        for note in plan.setup.flatMap(\.notes) { notes[note.id] = note }
        for case .update(let id, let edit) in plan.clients.joined() {
            notes[id]!.body = edit.body
            notes[id]!.modified = edit.applied(toModified: notes[id]!.modified)
        }
        return notes
    }
}

/// Forwards every call to a row's repository and counts the calls that return and that throw.
///
/// The counts are atomics, not a `Mutex`: ThreadSanitizer cannot see how a contended
/// `Synchronization.Mutex` hands its lock over on Linux, and reported the increments made
/// under it as a race under `make race`; an atomic increment it sees.
final class CountingRepository: ForwardingRepository {
    struct Calls { var reads = 0, updates = 0, failures = 0 }
    private enum Kind { case read, update }
    let wrapped: any NoteRepository
    private let reads = Atomic<Int>(0)
    private let updates = Atomic<Int>(0)
    private let failures = Atomic<Int>(0)
    var calls: Calls {
        Calls(
            reads: reads.load(ordering: .relaxed), updates: updates.load(ordering: .relaxed),
            failures: failures.load(ordering: .relaxed)
        )
    }

    init(_ wrapped: any NoteRepository) { self.wrapped = wrapped }

    private func counted<T>(_ kind: Kind?, _ body: () async throws -> T) async throws -> T {
        do {
            let value = try await body()
            switch kind {
            case .read: reads.add(1, ordering: .relaxed)
            case .update: updates.add(1, ordering: .relaxed)
            case nil: break
            }
            return value
        } catch {
            failures.add(1, ordering: .relaxed)
            throw error
        }
    }

    func importBatch(_ batch: NoteBatch) async throws { try await counted(nil) { try await wrapped.importBatch(batch) } }
    func snapshot(of id: NoteID) async throws -> NoteSnapshot { try await counted(.read) { try await wrapped.snapshot(of: id) } }
    func update(_ id: NoteID, with edit: NoteEdit) async throws { try await counted(.update) { try await wrapped.update(id, with: edit) } }
}
