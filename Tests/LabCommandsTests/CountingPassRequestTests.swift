import Rows
import Bench
import Foundation
import NoteStore
import TestSupport
import Testing
import Workload
import Support
import ChildProcesses

/// `lab counting-pass REQUEST COUNTS`, the child of `lab bench`'s counting pass, is an entry
/// point like any other: it checks its request whole, and the database it names, before it
/// touches anything.
@Suite("The counting pass's request")
struct CountingPassRequestTests {
    /// A request as `lab bench` writes it: one small scenario, one row.
    static func request(database: BenchDatabase.Location = .memory, _ change: (inout BenchSettings.Request) -> Void = { _ in }) throws -> BenchSettings.Request {
        var request = BenchSettings(
            scenarios: [.update], rows: [try #require(RowCatalog.row(named: "raw-sqlite"))], operations: 5, clients: 1,
            runs: 1, seed: 1, quick: true, meters: true, database: database, commandLine: "lab bench"
        ).request
        change(&request)
        return request
    }

    /// Runs the counting pass on `request`, written to a file of `folder`.
    static func serve(_ request: BenchSettings.Request, in folder: TemporaryFolder) async throws -> ChildProcess.Result {
        let path = folder.path("request.json")
        try JSONEncoder().encode(request).write(to: URL(fileURLWithPath: path))
        return try await LabExecutable.runAsGiven(["counting-pass", path, folder.path("counts.json")])
    }

    @Test("A request with a size or a count out of range exits 64 with one line, and writes no counts", arguments: [
        "operations 0", "operations -1", "operations max", "clients 0", "clients 65", "sweep 0", "sweep twice", "runs 0", "quick and full",
    ])
    func outOfRange(_ case: String) async throws {
        let folder = try TemporaryFolder()
        let request = try Self.request { request in
            switch `case` {
            case "operations 0": request.operations = 0
            case "operations -1": request.operations = -1
            case "operations max": request.operations = Int.max
            case "clients 0": request.clients = 0
            case "clients 65": request.clients = 65
            case "sweep 0": request.clientSweep = [0, 2]
            case "sweep twice": request.clientSweep = [2, 2]
            case "runs 0": request.runs = 0
            default: request.full = true
            }
        }
        let result = try await Self.serve(request, in: folder)
        #expect(result.exitStatus == 64, "\(result.output)")
        #expect(result.output.split(separator: "\n").count == 1, "\(result.output)")
        #expect(result.output.hasPrefix("lab: the counting pass's request"), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("counts.json")))
    }

    @Test("A request naming a database the lab did not make changes no byte of it")
    func foreignDatabase() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notes.sqlite")
        try DatabaseFileTests.Foreign.labTablesWithExtraColumn.write(to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try await Self.serve(try Self.request(database: .file(path)), in: folder)
        #expect(result.exitStatus == 65, "\(result.output)")
        #expect(result.output.split(separator: "\n").count == 1, "\(result.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("The counting pass of a lab bench run on a named database is accepted: its parent holds the file")
    func databaseHeldByTheParent() async throws {
        let folder = try TemporaryFolder()
        let run = DatabaseFileTests.smallRun(on: folder.path("lab.sqlite")).filter { $0 != "--no-meters" }
        let result = try await LabExecutable.run(run)
        #expect(result.exitStatus == 0, "\(result.output)")
        #expect(result.standardOutput.contains("allocs/op"), "the counts are in the report")
    }

    @Test("A request naming a lab database that no lab bench run holds is refused: the counting pass works only for the run that holds it")
    func databaseNotHeld() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("lab.sqlite")
        #expect(try await LabExecutable.run(DatabaseFileTests.smallRun(on: path)).exitStatus == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try await Self.serve(try Self.request(database: .file(path)), in: folder)
        #expect(result.exitStatus == 64, "\(result.output)")
        #expect(result.output.contains("held by the lab bench run that started it"), "\(result.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
