import Baselines
import Foundation
import NoteStore
import TestSupport
import Testing
import Workload
import RowKit

/// raw-sqlite and mutex, the store's SQL with no store layer, end exactly where the reference
/// model ends, on every database kind, and fail the way the store fails.
@Suite("SQL baselines")
struct SQLBaselinesTests {
    static let rows = [Row(.rawSQLite), Row(.mutex)]

    // MARK: Same work

    @Test(
        "Each scenario ends at the reference outcome, with 1 and 4 clients, in memory and on a file",
        arguments: rows, Scenario.allCases
    )
    func endsAtReference(row: Row, scenario: Scenario) async throws {
        let folder = try TemporaryFolder()
        for clients in [1, 4] {
            for location in [NoteContainer.Location.inMemory, .file(folder.path("\(clients)-clients.sqlite"))] {
                let run = try await ReferenceRun(row.descriptor, scenario: scenario, clients: clients, seed: 21, location: location)
                #expect(run.measured == run.expected, "\(clients) clients, \(location)")
            }
        }
    }

    // MARK: Failures

    @Test("Every call on a missing note throws notFound", arguments: rows)
    func missingNote(row: Row) async throws {
        let repository = try await row.descriptor.open(RepositoryConfiguration(location: .inMemory))
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 1), on: repository)
        let missing = NoteID(999_999)
        let notFound = NoteStoreError.notFound("note 999999")
        await #expect(throws: notFound) { _ = try await repository.snapshot(of: missing) }
        await #expect(throws: notFound) { _ = try await repository.title(of: missing) }
        await #expect(throws: notFound) { _ = try await repository.body(of: missing) }
        await #expect(throws: notFound) { _ = try await repository.folderName(of: missing) }
        await #expect(throws: notFound) { _ = try await repository.modified(of: missing) }
        await #expect(throws: notFound) {
            try await repository.update(missing, with: NoteEdit(body: "lost", modifiedAdvance: 1))
        }
        #expect(try await repository.count() == ScenarioPlan.seededNoteCount)
        try await repository.close()
    }

    @Test("A batch that repeats a saved identifier writes nothing: count and checksum stay", arguments: rows)
    func failedImportWritesNothing(row: Row) async throws {
        let repository = try await row.descriptor.open(RepositoryConfiguration(location: .inMemory))
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 5), on: repository)
        let count = try await repository.count()
        let checksum = try await repository.checksum()
        let existing = try await repository.snapshot(of: NoteID(1))
        var fresh = existing
        fresh.id = NoteID(90_000)
        // The fresh note comes first, so it is written before the duplicate fails.
        let error = await #expect(throws: NoteStoreError.self) {
            try await repository.importBatch(NoteBatch(notes: [fresh, existing]))
        }
        #expect(error.map { if case .constraintViolation = $0 { true } else { false } } == true)
        #expect(try await repository.count() == count)
        #expect(try await repository.checksum() == checksum)
        await #expect(throws: NoteStoreError.notFound("note 90000")) { _ = try await repository.snapshot(of: fresh.id) }
        try await repository.close()
    }

    @Test("A file that is not a database is refused as notADatabase and left untouched", arguments: rows)
    func notADatabase(row: Row) async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("not-a-database.sqlite")
        let garbage = Data(repeating: 0x2A, count: 4_096)
        try garbage.write(to: URL(fileURLWithPath: path))
        await #expect(throws: NoteStoreError.notADatabase(path: path)) {
            _ = try await row.descriptor.open(RepositoryConfiguration(location: .file(path)))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    // MARK: The rows' declarations

    @Test("raw-sqlite runs its clients one after another; mutex runs them concurrently; neither hops")
    func declarations() {
        #expect(RowDescriptor.rawSQLite.name == "raw-sqlite")
        #expect(RowDescriptor.mutex.name == "mutex")
        #expect(!RowDescriptor.rawSQLite.concurrentClients)
        #expect(RowDescriptor.mutex.concurrentClients)
        for row in [RowDescriptor.rawSQLite, .mutex] {
            #expect(row.kind == .baseline)
            for call in RepositoryCall.allCases {
                #expect(row.expectedHops?.hops(call) == 0...0, "\(row.name): \(call)")
            }
        }
    }

    // MARK: Helpers

    /// A row as a test argument, shown by its name.
    struct Row: Sendable, CustomTestStringConvertible, CustomStringConvertible {
        let descriptor: RowDescriptor
        init(_ descriptor: RowDescriptor) { self.descriptor = descriptor }
        var testDescription: String { descriptor.name }
        var description: String { descriptor.name }
    }
}
