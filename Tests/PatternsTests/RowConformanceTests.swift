import Rows
import Bench
import Foundation
import NoteStore
import RowKit
import TestSupport
import Testing
import Workload

/// Every row of the catalog does the same work, fails the same way and lets go of its
/// repository when closed: one suite over `RowCatalog.all`, so that a row is checked as soon
/// as it is listed there. What only one row does is tested in that row's own file.
@Suite("Every row does the same work")
struct RowConformanceTests {
    static let rows = RowCatalog.all.map(Row.init)

    /// Every row with every scenario it runs (``RowDescriptor/runs(_:)``): a single-threaded
    /// row is not run beside the main-actor list of ui-during-import, as `lab bench` does not.
    static let cases: [(Row, Scenario)] = rows.flatMap { row in
        Scenario.allCases.filter(row.descriptor.runs).map { (row, $0) }
    }

    /// The rows whose reads no context of the lab's store makes: SQL of their own, GRDB.
    static let readingWithoutTheStore: Set<RowID> = [.rawSQLite, .mutex, .grdb, .grdbPool]

    // MARK: Same work

    @Test("Each scenario ends with the reference checksum, reads and count, with 1 and 4 clients", arguments: cases)
    func endsAtReference(row: Row, scenario: Scenario) async throws {
        for clients in [1, 4] {
            let run = try await ReferenceRun(row.descriptor, scenario: scenario, clients: clients)
            #expect(run.measured == run.expected, "\(clients) clients")
        }
    }

    @Test("A file database ends where memory does, with 1 and 4 clients", arguments: cases)
    func fileMatchesMemory(row: Row, scenario: Scenario) async throws {
        let folder = try TemporaryFolder()
        for clients in [1, 4] {
            let location = NoteContainer.Location.file(folder.path("\(row)-\(clients).sqlite"))
            let onFile = try await ReferenceRun(row.descriptor, scenario: scenario, clients: clients, location: location)
            let inMemory = try await ReferenceRun(row.descriptor, scenario: scenario, clients: clients)
            #expect(onFile.measured == inMemory.measured, "\(clients) clients")
            #expect(onFile.measured == onFile.expected, "\(clients) clients")
        }
    }

    @Test("A list read through the lab's store says how long its context worked, a read without one says nothing", arguments: rows)
    func listReadTimesTheStoresWork(row: Row) async throws {
        let repository = try await row.descriptor.open(RepositoryConfiguration(location: .inMemory, concurrencyDebug: true))
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .listRead, operations: 1, clients: 1, seed: 1), on: repository)
        let screen = try await repository.listScreen(titles: 20)
        #expect(screen.titles.count == 20)
        if Self.readingWithoutTheStore.contains(row.descriptor.id) {
            #expect(screen.storeWork == nil, "no context of the store read it: there is no store work to time")
        } else {
            let work = try #require(screen.storeWork, "a read through a context of the store, untimed")
            #expect(work > .zero)
        }
        try await repository.close()
    }

    // MARK: Failures

    @Test("A missing note is reported as notFound by every call, and nothing is written", arguments: rows)
    func missingNote(row: Row) async throws {
        let repository = try await row.descriptor.open(RepositoryConfiguration(location: .inMemory, concurrencyDebug: true))
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 1), on: repository)
        let checksum = try await repository.checksum()
        let missing = NoteID(999_999)
        let notFound = NoteStoreError.notFound("note 999999")
        // Every call that names a saved note, a new one too (RepositoryCall.make).
        var refused = 0
        for call in RepositoryCall.allCases {
            do {
                let made = try await call.make(on: repository, about: missing)
                #expect(!made, "\(call) answered about a note that does not exist")
            } catch {
                #expect(error as? NoteStoreError == notFound, "\(call) threw \(error)")
                refused += 1
            }
        }
        #expect(refused >= 6)
        #expect(try await repository.count() == ScenarioPlan.seededNoteCount)
        #expect(try await repository.checksum() == checksum)
        try await repository.close()
    }

    @Test("A batch that repeats a saved identifier is refused whole: count and checksum stay", arguments: rows)
    func failedImportWritesNothing(row: Row) async throws {
        let repository = try await row.descriptor.open(RepositoryConfiguration(location: .inMemory, concurrencyDebug: true))
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
        #expect(error.map { if case .constraintViolation = $0 { true } else { false } } == true, "\(error.map { "\($0)" } ?? "")")
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

    // MARK: Teardown

    @Test("Closing and releasing the repository frees it", arguments: rows)
    func closeReleases(row: Row) async throws {
        let released = try await Self.openRunAndClose(row.descriptor)
        // A queue or a thread may still be releasing the last job that held the repository
        // just after `close()` returned: wait for it a bounded number of times, never on
        // the clock.
        for _ in 0..<1_000 where released.object != nil {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(released.object == nil)
    }

    /// Opens `row` through its descriptor, runs a little, closes it and lets go of it:
    /// nothing but the weak reference returned outlives this call.
    static func openRunAndClose(_ row: RowDescriptor) async throws -> WeakReference {
        let repository = try await row.open(RepositoryConfiguration(location: .inMemory, concurrencyDebug: true))
        let released = WeakReference(repository as AnyObject)
        try await ScenarioRunner.prepare(ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3), on: repository)
        _ = try await repository.snapshot(of: NoteID(1))
        try await repository.update(NoteID(2), with: NoteEdit(body: "edited", modifiedAdvance: 1))
        try await repository.close()
        return released
    }

    @Test("Every row with concurrent clients runs the scenario with a list, and no other: raw-sqlite does not; a row about a screen runs only there")
    func rowsWithAList() {
        let withAList = Scenario.allCases.filter { $0.definition.frames != nil }
        let listed = Self.cases.filter { $0.1.definition.frames != nil }.map(\.0.descriptor.name)
        #expect(listed == RowCatalog.all.filter(\.concurrentClients).map(\.name))
        #expect(!listed.isEmpty)
        #expect(!listed.contains(RowCatalog.reference.rawValue))
        let screenRows = RowCatalog.all.filter(\.runsOnlyWithAList)
        #expect(!screenRows.isEmpty)
        for row in screenRows {
            #expect(Self.cases.filter { $0.0.descriptor.name == row.name }.map(\.1) == withAList, "\(row.name)")
        }
        // A scenario that compares some rows runs those, and no other.
        let narrowed = Scenario.allCases.compactMap { scenario in scenario.definition.comparedRows.map { (scenario, $0.rows) } }
        #expect(!narrowed.isEmpty)
        for (scenario, rows) in narrowed {
            #expect(Set(Self.cases.filter { $0.1 == scenario }.map(\.0.descriptor.id)) == Set(rows), "\(scenario.rawValue)")
        }
        let everywhere = RowCatalog.all.count - screenRows.count
        let leftOut = narrowed.reduce(0) { $0 + everywhere - $1.1.count }
        #expect(Self.cases.count == everywhere * Scenario.allCases.count - (RowCatalog.all.count - listed.count) * withAList.count + screenRows.count * withAList.count - leftOut)
    }

    // MARK: The catalog

    @Test("Row names are unique and in lowercase kebab-case")
    func rowNames() {
        let names = RowCatalog.all.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        let kebab = /[a-z0-9]+(-[a-z0-9]+)*/
        for name in names {
            #expect(name.wholeMatch(of: kebab) != nil, "\(name)")
        }
    }

    @Test("Each row is found by its name and by its identifier")
    func lookUp() {
        for row in RowCatalog.all {
            #expect(RowCatalog.row(named: row.name)?.id == row.id)
            #expect(RowCatalog.row(row.id)?.name == row.name)
        }
        #expect(RowCatalog.row(named: "nope") == nil)
    }

    @Test("Every predicted row names a base of the catalog, and the reference is one")
    func modelBases() {
        let bases = Set(RowCatalog.all.filter { $0.costModel == .base }.map(\.id))
        #expect(bases.contains(RowCatalog.reference))
        for row in RowCatalog.all {
            guard let base = row.modelBase else { continue }
            #expect(bases.contains(base), "\(row.name) is predicted from \(base), which is not a base of the catalog")
        }
    }

    // MARK: Helpers

    /// A row as a test argument, shown by its name.
    struct Row: Sendable, CustomTestStringConvertible, CustomStringConvertible {
        let descriptor: RowDescriptor
        var testDescription: String { descriptor.name }
        var description: String { descriptor.name }
    }

    /// A reference that does not keep its object alive.
    final class WeakReference {
        weak let object: AnyObject?

        init(_ object: AnyObject) {
            self.object = object
        }
    }
}
