import RowKit
import Support
import Bench
import Foundation
import NoteStore
import TestSupport
import Testing
import Workload

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `lab bench` importing into a named database file, killed with SIGKILL while it writes:
/// no cleanup runs, and SQLite alone keeps the file whole.
@Suite("A killed import leaves whole batches")
struct CrashConsistencyTests {
    /// Where each kill lands: a phase of the run (its progress line) and the notes already
    /// committed in the file. State, not time, decides the moment.
    static let killPoints: [(phase: String, notes: Int)] = [
        ("raw-sqlite · warm-up", 100),
        ("raw-sqlite · warm-up", 2_000),
        ("round 1/1 · raw-sqlite", 100),
        ("round 1/1 · raw-sqlite", 3_000),
        ("round 1/1 · raw-sqlite", 20_000),
    ]

    /// Measured operations of the killed run: 1,000 batches of 100 notes, a warm-up of 100.
    static let operations = 1_000
    static let seed: UInt64 = 42

    @Test("SIGKILL at five points of an import: integrity ok, foreign keys hold, whole batches of the plan only, and the file stays the lab's")
    func killedImportKeepsWholeBatches() async throws {
        // The trigger tells the row's notes from the cost probe's, whose plan has seed 1.
        let probeTitle = try #require(Self.firstTitle(seed: StoreWorkProbe.seed))
        #expect(Self.firstTitles.count == 2 && !Self.firstTitles.contains(probeTitle))
        let folder = try TemporaryFolder()
        let path = folder.path("lab.sqlite")
        var killed = 0
        for point in Self.killPoints {
            let run = try await InterruptedRun.start(
                Self.importRun(on: path, operations: Self.operations), temporary: folder, interruptWith: SIGKILL,
                when: { lines in
                    lines.contains { $0.hasSuffix(point.phase) } && Self.committedNotes(in: path) >= point.notes
                }
            )
            #expect(run.exitStatus == nil, "the run was killed while it wrote, before it ended")
            if run.exitStatus == nil { killed += 1 }

            let state = try Self.state(of: path)
            #expect(state.integrity == ["ok"], "after the kill at \(point)")
            #expect(state.foreignKeyViolations == 0, "after the kill at \(point)")
            #expect(state.noteCount % Scenario.batchSize == 0, "\(state.noteCount) notes after the kill at \(point)")
            #expect(state.partialBatches == 0, "after the kill at \(point)")
            #expect(Self.isFromOnePlan(state), "\(state.noteCount) notes after the kill at \(point) are one plan's batches")
        }
        #expect(killed == Self.killPoints.count)

        // Still the lab's database: the next run reuses it and ends at the reference.
        let again = try await LabExecutable.run(Self.importRun(on: path, operations: 20) + ["--no-progress"])
        #expect(again.exitStatus == 0, "\(again.output)")
    }

    static func importRun(on path: String, operations: Int) -> [String] {
        [
            "bench", "--database", path, "--scenario", "import", "--pattern", "raw-sqlite",
            "--operations", String(operations), "--runs", "1", "--no-meters", "--seed", String(seed),
        ] + (operations == Self.operations ? ["--progress"] : [])
    }

    /// The notes a reader sees committed now by the row's own import, the measured one or
    /// its warm-up; 0 before the file exists, and 0 while the file holds the cost probe's
    /// notes (seed 1), which `--database` writes into the same file before each round: a
    /// kill there finds the probe's trips, whose identifiers are moved by a span that is no
    /// whole number of batches. Read-only, so the reader changes nothing (a WAL reader does
    /// not block the writer).
    static func committedNotes(in path: String) -> Int {
        guard FileManager.default.fileExists(atPath: path),
              let connection = try? SQLiteConnection(location: .file(path), readOnly: true) else { return 0 }
        defer { connection.close() }
        let first = Int64(ScenarioPlan.seededNoteCount + 1)
        let title = try? connection.statement("SELECT title FROM note WHERE id = \(first)").firstRow { $0.string(0) }
        guard let title, Self.firstTitles.contains(title) else { return 0 }
        return (try? connection.statement("SELECT count(*) FROM note").firstRow { Int($0.int64(0)) }) ?? 0
    }

    /// The title of the first note the row imports, in the measured plan and in its warm-up's.
    static let firstTitles: Set<String> = Set([seed, BenchSettings.warmUpSeed(for: seed)].compactMap(firstTitle(seed:)))

    /// The title of the first note an import plan of `seed` writes.
    static func firstTitle(seed: UInt64) -> String? {
        let plan = ScenarioPlan(scenario: .importBatch, operations: 1, clients: 1, seed: seed)
        for case .importBatch(let batch) in plan.clients[0] { return batch.notes.first?.title }
        return nil
    }

    struct State {
        var integrity: [String]
        var foreignKeyViolations: Int
        var noteCount: Int
        /// Batches of the import (notes 1001–1100, 1101–1200, …) present but not whole.
        var partialBatches: Int
        var folders: [FolderSnapshot]
        var notes: [NoteSnapshot]
    }

    /// The file as the next process to open it finds it (SQLite rolls back what was not
    /// committed, from the WAL).
    static func state(of path: String) throws -> State {
        let connection = try SQLiteConnection(location: .file(path))
        defer { connection.close() }
        func strings(_ sql: String) throws -> [String] {
            let statement = try connection.statement(sql)
            var rows: [String] = []
            while try statement.step() { rows.append(statement.string(0)) }
            return rows
        }
        func integer(_ sql: String) throws -> Int {
            try connection.statement(sql).firstRow { Int($0.int64(0)) } ?? 0
        }
        let (folders, notes) = try Self.contents(of: connection)
        let first = Int64(ScenarioPlan.seededNoteCount + 1)
        let size = Int64(Scenario.batchSize)
        return State(
            integrity: try strings("PRAGMA integrity_check"),
            foreignKeyViolations: try strings("PRAGMA foreign_key_check").count,
            noteCount: try integer("SELECT count(*) FROM note"),
            partialBatches: try integer("""
                SELECT count(*) FROM (
                    SELECT (id - \(first)) / \(size) AS batch FROM note GROUP BY batch HAVING count(*) != \(size)
                )
                """),
            folders: folders, notes: notes
        )
    }

    static func contents(of connection: SQLiteConnection) throws -> (folders: [FolderSnapshot], notes: [NoteSnapshot]) {
        let folderRows = try connection.statement(NoteSchema.selectAllFolders)
        var folders: [FolderSnapshot] = []
        while try folderRows.step() { folders.append(FolderSnapshot(id: FolderID(folderRows.int64(0)), name: folderRows.string(1))) }
        let noteRows = try connection.statement(NoteSchema.selectAllNotes)
        var notes: [NoteSnapshot] = []
        while try noteRows.step() {
            notes.append(NoteSnapshot(
                id: NoteID(noteRows.int64(0)), folder: FolderID(noteRows.int64(1)), title: noteRows.string(2),
                body: noteRows.string(3), created: Date(timeIntervalSince1970: noteRows.double(4)),
                modified: Date(timeIntervalSince1970: noteRows.double(5))
            ))
        }
        return (folders, notes)
    }

    /// Whether every note in the file is, byte for byte, the note of the same identifier in
    /// one plan the run was writing: the measured one, the warm-up's (the next seed) or the
    /// cost probe's (seed 1, which imports its batches out of order). Nothing torn, nothing
    /// foreign.
    static func isFromOnePlan(_ state: State) -> Bool {
        guard let last = state.notes.last?.id.rawValue else { return true }
        let batches = Int(last - Int64(ScenarioPlan.seededNoteCount)) / Scenario.batchSize
        return [seed, BenchSettings.warmUpSeed(for: seed), StoreWorkProbe.seed].contains { seed in
            let plan = ScenarioPlan(scenario: .importBatch, operations: batches, clients: 1, seed: seed)
            var planned: [NoteID: NoteSnapshot] = [:]
            for case .importBatch(let batch) in plan.clients[0] {
                for note in batch.notes { planned[note.id] = note }
            }
            return state.folders == plan.setup[0].folders && state.notes.allSatisfy { planned[$0.id] == $0 }
        }
    }
}
