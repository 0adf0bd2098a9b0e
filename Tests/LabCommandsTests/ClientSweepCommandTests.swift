import Bench
import Foundation
import Testing
import TestSupport
import Workload

@testable import LabCommands

/// `lab bench --clients 1,2,4,8`: what the option accepts, what a sweep runs, and one run
/// through the `lab` executable.
@Suite("lab bench --clients sweeps")
struct ClientSweepCommandTests {
    // MARK: Parsing

    @Test("One count is the run of old: that count for every scenario that takes clients, and no sweep")
    func singleCount() throws {
        let settings = try BenchCommand.parse(["--clients", "3", "--database", "memory"]).settings()
        #expect(settings.clients == 3)
        #expect(settings.clientSweep.isEmpty)
        #expect(settings.sweptScenarios == [.listRead], "list-read's sizes, not the clients")
        #expect(settings.atEachPoint(of: .mixed).map { $0.plan(for: .mixed).clients.count } == [3])
        #expect(settings.atEachPoint(of: .sync).map { $0.plan(for: .sync).clients.count } == [1])
    }

    @Test("Several counts are a sweep, fewest first, of every scenario but sync, which has one client by contract")
    func sweep() throws {
        let settings = try BenchCommand.parse(["--clients", "4,1, 2", "--database", "memory"]).settings()
        #expect(settings.clients == nil)
        #expect(settings.clientSweep == [1, 2, 4])
        #expect(settings.sweptScenarios == [.importBatch, .pointRead, .update, .mixed, .listRead, .chatty, .uiDuringImport])
        #expect(settings.atEachPoint(of: .listRead).map { $0.plan(for: .listRead).listTitles } == [50, 50, 50], "one sweep at a time")
        for scenario in settings.sweptScenarios {
            #expect(settings.atEachPoint(of: scenario).map { $0.plan(for: scenario).clients.count } == [1, 2, 4])
            #expect(settings.atEachPoint(of: scenario).map { $0.warmUpPlan(for: scenario).clients.count } == [1, 2, 4])
        }
        #expect(settings.atEachPoint(of: .sync).count == 1)
        #expect(settings.name(of: .mixed, at: settings.atEachPoint(of: .mixed)[1]) == "mixed at 2 clients")
        #expect(settings.name(of: .sync, at: settings) == "sync")
    }

    @Test("The counting pass's child gets the sweep back from its request")
    func requestKeepsTheSweep() throws {
        let settings = try BenchCommand.parse(["--clients", "1,8", "--scenario", "mixed", "--database", "memory"]).settings()
        let again = try BenchSettings(JSONDecoder().decode(BenchSettings.Request.self, from: JSONEncoder().encode(settings.request)))
        #expect(again.clientSweep == [1, 8])
        #expect(again.clients == nil)
        #expect(again.atEachPoint(of: .mixed).map { $0.plan(for: .mixed).clients.count } == [1, 8])
    }

    @Test("A wrong --clients exits 64 with one line that says what is wrong, and writes nothing", arguments: [
        ("0", "--clients must be between 1 and 64, not 0"),
        ("65", "--clients must be between 1 and 64, not 65"),
        ("1,2,99999999999999999999", "--clients must be between 1 and 64, not 99999999999999999999"),
        ("2,,4", "--clients '2,,4' has an empty count; separate counts with one comma, as in 1,2,4,8"),
        ("1,2,", "--clients '1,2,' has an empty count; separate counts with one comma, as in 1,2,4,8"),
        ("a", "--clients takes whole numbers, not 'a'; several are separated by commas, as in 1,2,4,8"),
        ("1.5", "--clients takes whole numbers, not '1.5'; several are separated by commas, as in 1,2,4,8"),
        ("2,4,2", "--clients names 2 twice; give each count once"),
        ("", "--clients needs a count, or counts separated by commas, as in 1,2,4,8"),
    ])
    func refusal(argument: String, message: String) async throws {
        // As BadInputTests check every other refusal: the built lab, its exit code, its
        // whole output, and nothing written.
        let folder = try TemporaryFolder()
        let result = try await LabExecutable.runAsGiven([
            "bench", "--database", folder.path("lab.sqlite"), "--output", folder.path("report.json"), "--clients", argument,
        ])
        #expect(result.exitStatus == 64)
        #expect(result.output == "lab: \(message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [], "nothing was written")
    }

    // MARK: A run

    @Test("A sweep of mixed at 1 and 2 clients reports both counts, a sweep built from them, and every checksum ok")
    func sweepRun() async throws {
        let result = try await LabExecutable.run([
            "bench", "--scenario", "mixed", "--pattern", "raw-sqlite", "--pattern", "queue-perform", "--clients", "1,2",
            "--operations", "40", "--runs", "1", "--database", "memory", "--no-meters", "--format", "json", "--no-progress",
        ])
        #expect(result.exitStatus == 0, "\(result.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { "\($0["name"] ?? "?") \($0["clients"] ?? "?")" } == ["mixed 1", "mixed 2"])

        let sweeps = try #require(json["clients_sweep"] as? [[String: Any]])
        #expect(sweeps.count == 1)
        let sweep = try #require(sweeps.first)
        #expect(sweep["scenario"] as? String == "mixed")
        #expect(sweep["clients"] as? [Int] == [1, 2])
        #expect(sweep["scaling_clients"] as? [String: Int] == ["from": 1, "to": 2])
        let rows = try #require(sweep["rows"] as? [[String: Any]])
        #expect(rows.map { $0["row"] as? String } == ["raw-sqlite", "queue-perform"])
        for row in rows {
            let name = try #require(row["row"] as? String)
            let cells = try #require(row["cells"] as? [[String: Any]])
            #expect(cells.map { $0["clients"] as? Int } == [1, 2], "\(name)")
            #expect(cells.allSatisfy { $0["checksum_ok"] as? Bool == true }, "\(name)")
            #expect(row["scaling"] is Double, "\(name)")
            // Each cell is its own count's median, as that count's table gives it.
            for (cell, scenario) in zip(cells, scenarios) {
                let tableRow = try #require((scenario["rows"] as? [[String: Any]])?.first { $0["row"] as? String == name })
                let median = try #require((tableRow["throughput"] as? [String: Double])?["median"])
                let value = try #require(cell["ops_per_s"] as? Double)
                #expect(abs(value - median) <= median * 1e-6, "\(name) at \(cell["clients"] ?? "?")")
                #expect(tableRow["checksum_ok"] as? Bool == true)
            }
        }
    }
}
