import Bench
import Foundation
import Testing
import TestSupport
import Workload

@testable import LabCommands

/// `lab bench` and list-read's sizes: the sweep a run makes by default, `--list-titles`,
/// and one run through the `lab` executable.
@Suite("lab bench and list-read's sizes")
struct ListSizeCommandTests {
    // MARK: Parsing

    @Test("By default list-read runs once per size, smallest first, each with fewer operations above 50 titles")
    func defaultSweep() throws {
        let settings = try BenchCommand.parse(["--database", "memory"]).settings()
        #expect(settings.sweptScenarios == [.listRead])
        let points = settings.atEachPoint(of: .listRead)
        #expect(points.map { $0.plan(for: .listRead).listTitles } == [1, 10, 100, 1_000])
        #expect(points.map { $0.warmUpPlan(for: .listRead).listTitles } == [1, 10, 100, 1_000])
        let operations = points.map { $0.operations(for: .listRead) }
        #expect(operations == [1_000, 1_000, 500, 200], "as many titles per run above the standard size, and at least 200 reads")
        #expect(settings.name(of: .listRead, at: points[2]) == "list-read of 100 titles")
        #expect(points.allSatisfy { $0.plan(for: .listRead).clients.count == 4 })
        #expect(settings.atEachPoint(of: .mixed).count == 1, "only a scenario that reads lists has sizes")
    }

    @Test("--list-titles runs list-read at that size alone, with the operations asked for when there are")
    func oneSize() throws {
        let settings = try BenchCommand.parse(["--list-titles", "250", "--database", "memory"]).settings()
        #expect(settings.sweptScenarios.isEmpty)
        #expect(settings.atEachPoint(of: .listRead).map { $0.plan(for: .listRead).listTitles } == [250])
        let asked = try BenchCommand.parse(["--list-titles", "1000", "--operations", "30", "--database", "memory"]).settings()
        #expect(asked.plan(for: .listRead).operationCount == 30)
    }

    @Test("The counting pass's child gets the size back from its request")
    func requestKeepsTheSize() throws {
        let settings = try BenchCommand.parse(["--list-titles", "10", "--scenario", "list-read", "--database", "memory"]).settings()
        let again = try BenchSettings(JSONDecoder().decode(BenchSettings.Request.self, from: JSONEncoder().encode(settings.request)))
        #expect(again.plan(for: .listRead).listTitles == 10)
        let swept = try BenchCommand.parse(["--scenario", "list-read", "--database", "memory"]).settings()
        let sweptAgain = try BenchSettings(JSONDecoder().decode(BenchSettings.Request.self, from: JSONEncoder().encode(swept.request)))
        #expect(sweptAgain.atEachPoint(of: .listRead).count == Scenario.listRead.definition.listSizes.count)
    }

    @Test("A wrong --list-titles exits 64 with one line that says what is wrong, and writes nothing", arguments: [
        ("0", "--list-titles must be between 1 and 1000, the notes a run starts with, not 0"),
        ("1001", "--list-titles must be between 1 and 1000, the notes a run starts with, not 1001"),
        ("-5", "--list-titles must be between 1 and 1000, the notes a run starts with, not -5"),
    ])
    func refusal(argument: String, message: String) async throws {
        let folder = try TemporaryFolder()
        let result = try await LabExecutable.runAsGiven([
            "bench", "--database", folder.path("lab.sqlite"), "--output", folder.path("report.json"), "--list-titles", argument,
        ])
        #expect(result.exitStatus == 64)
        #expect(result.output == "lab: \(message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [], "nothing was written")
    }

    // MARK: A run

    @Test("A run of list-read reports every size, a sweep built from them, and every checksum ok")
    func sweepRun() async throws {
        let result = try await LabExecutable.run([
            "bench", "--scenario", "list-read", "--pattern", "store-sync", "--pattern", "reader-pool",
            "--operations", "20", "--runs", "1", "--database", "memory", "--format", "json", "--no-progress",
        ])
        #expect(result.exitStatus == 0, "\(result.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { $0["list_titles"] as? Int } == [1, 10, 100, 1_000])
        // The database is the same at every size; what a list read allocates grows with it.
        #expect(Set(scenarios.map { $0["reference_checksum"] as? String }).count == 1)
        let storeSync = scenarios.compactMap { scenario in
            (scenario["rows"] as? [[String: Any]] ?? []).first { $0["row"] as? String == "store-sync" }
        }
        let allocations = storeSync.compactMap { $0["allocations_per_op"] as? Double }
        if allocations.count == storeSync.count {
            #expect(allocations[0] < allocations[2] && allocations[2] < allocations[3], "1, 100, 1,000 titles: \(allocations)")
        } else {
            // Null only where the counting pass has no jemalloc (a sanitizer's build), with the reason beside it.
            #expect(storeSync.allSatisfy { ($0["notes"] as? [String: String])?["allocations_per_op"] != nil })
        }
        for scenario in scenarios {
            for row in scenario["rows"] as? [[String: Any]] ?? [] {
                #expect(row["checksum_ok"] as? Bool == true, "\(row["row"] ?? "?") at \(scenario["list_titles"] ?? "?")")
            }
        }
        let sweep = try #require((json["list_sizes"] as? [[String: Any]])?.first)
        let rows = try #require(sweep["rows"] as? [[String: Any]])
        #expect(rows.map { $0["row"] as? String } == ["reader-pool", "store-sync"] || rows.map { $0["row"] as? String } == ["store-sync", "reader-pool"])
        let base = try #require(rows.first { $0["row"] as? String == "store-sync" })
        let relative = (base["cells"] as? [[String: Any]] ?? []).map { $0["relative"] as? Double }
        #expect(relative == [1, 1, 1, 1], "store-sync over itself")
    }
}
