import Rows
import RowKit
import Support
import Foundation
import TestSupport
import Bench
import Testing
import Workload

@testable import LabCommands

/// `lab bench` on small inputs: exit codes, the report's contents, and its refusals.
@Suite("lab bench")
struct BenchCommandTests {
    // The two full runs below run the built `lab` executable: the hop meter counts for the
    // whole process, other suites run in parallel in this one, and the counting pass starts
    // that executable again as its child process.

    @Test("A small run prints a complete JSON report and exits 0")
    func smallRunPrintsJSON() async throws {
        let result = try await LabExecutable.run([
            "bench", "--operations", "20", "--runs", "2", "--database", "memory", "--format", "json", "--no-progress",
        ])
        #expect(result.exitStatus == 0, "\(result.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["schema"] as? Int == 2)
        let probes = try #require(json["cost_probes_ns"] as? [String: Any])
        #expect((probes["queue_round_trip_empty"] as? [String: Double])?["median"].map { $0 > 0 } == true)
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        for scenario in scenarios {
            // Each scenario's round trip carried its own kind of call.
            let probes = try #require(scenario["cost_probes_ns"] as? [String: Any])
            #expect(probes["queue_round_trip"] is [String: Double], "\(scenario["name"] ?? "?")")
            // A scenario with concurrent clients was also probed with that many callers at once.
            let clients = try #require(scenario["clients"] as? Int)
            let concurrent = scenario["concurrent_probe"] as? [String: Any]
            #expect(concurrent?["clients"] as? Int == (clients > 1 ? clients : nil), "\(scenario["name"] ?? "?")")
            if clients > 1 {
                #expect((concurrent?["cores_busy"] as? [String: Double])?["median"].map { $0 > 0 } == true)
            }
        }
        // list-read once per list size, each with its size.
        #expect(scenarios.map { $0["name"] as? String } == Scenario.allCases.flatMap { scenario in
            Array(repeating: scenario.rawValue, count: max(1, scenario.definition.listSizes.count))
        })
        #expect(scenarios.compactMap { $0["list_titles"] as? Int } == Scenario.listRead.definition.listSizes)
        for scenario in scenarios {
            let rows = try #require(scenario["rows"] as? [[String: Any]])
            let kind = try #require(Scenario(rawValue: scenario["name"] as? String ?? ""))
            // A row that does not run the scenario is left out, with its reason.
            #expect(rows.count == RowCatalog.all.filter { $0.runs(kind) }.count)
            let notRun = try #require(scenario["rows_not_run"] as? [[String: String]])
            #expect(notRun.map { $0["row"] } == RowCatalog.all.filter { !$0.runs(kind) }.map(\.name))
            for row in rows {
                let name = row["row"] as? String ?? "?"
                #expect(row["checksum_ok"] as? Bool == true, "\(name)")
                #expect(row["checksum"] as? String == scenario["reference_checksum"] as? String, "\(name)")
                #expect(row["leaked_objects"] as? Int == 0, "no row leaves an object alive: \(name)")
                let throughput = try #require(row["throughput"] as? [String: Double], "\(name)")
                #expect(throughput["min"]! <= throughput["median"]! && throughput["median"]! <= throughput["max"]!)
                let notes = try #require(row["notes"] as? [String: String])
                for metric in Self.metrics {
                    // Every metric is measured, or null with the reason beside it; never missing.
                    let value = try #require(row[metric], "\(metric) is missing")
                    #expect(!(value is NSNull) || notes[metric] != nil, "\(name): \(metric) is null without a reason")
                }
                if kind.definition.frames != nil {
                    // The list's frames of the timed runs, in order, none wrong.
                    let frames = try #require(row["frames"] as? [String: Any], "\(name)")
                    let due = try #require(frames["due"] as? Int), rendered = try #require(frames["rendered"] as? Int)
                    let onTime = try #require(frames["on_time"] as? Int)
                    #expect(due >= rendered && rendered >= onTime && rendered >= 2, "\(name): one frame at least per run")
                    #expect(frames["wrong_screens"] as? Int == 0, "\(name)")
                    #expect((frames["list_reads_counted"] as? Int ?? 0) >= 1, "\(name)")
                } else {
                    #expect(row["frames"] == nil, "\(name)")
                }
                if Self.deterministicCounts.contains(scenario["name"] as? String ?? "") {
                    try Self.expectDeclared("hops", in: row)
                    try Self.expectDeclared("enqueues", in: row)
                    // Only a row that says so parks a thread: store-sync's clients call performAndWait
                    // on every call, child-context's list on every frame (fewer than one an
                    // operation when an import outlasts no frame).
                    let waits = try #require(row["blocking_waits_per_op"] as? Double, "\(name)")
                    let waitsForTheQueue = try #require(RowCatalog.row(named: name), "\(name)").waitsForTheQueue
                    #expect(waitsForTheQueue ? waits > 0 : waits == 0, "\(name): \(waits) blocking waits per operation")
                }
            }
        }
    }

    /// The scenarios whose one client makes the same switches on every run: there, counts
    /// net of the clients' start and end equal what each row declares, even at 20 operations.
    /// With concurrent clients an executor may be busy or idle when a job arrives. The list
    /// of ui-during-import renders as many frames as timing allows, and each makes the same
    /// switches: the declaration counts the frames the counting run rendered.
    static let deterministicCounts: Set<String> = ["import", "point-read", "update", "chatty", "ui-during-import"]

    /// A row's measured `count` per operation lies within what it declares, when it declares it.
    static func expectDeclared(_ count: String, in row: [String: Any]) throws {
        guard let declared = row["expected_\(count)_per_op"] as? Double else { return }
        let measured = try #require(row["\(count)_per_op"] as? Double, "\(row["row"] ?? "?") declares \(count) and has no count")
        let conditional = row["expected_conditional_\(count)_per_op"] as? Double ?? 0
        // One event fewer over the 20 operations is allowed: full suites measured the thread
        // executor's row once at 4.6 enqueues per operation against 4.65 declared, and once a
        // hop short; the cause is not found yet.
        let oneFewer = 1.0 / 20
        #expect(
            measured >= declared - oneFewer - 0.005 && measured <= declared + conditional + 0.005,
            "\(row["row"] ?? "?"): \(measured) \(count) per operation, declared \(declared) + \(conditional)"
        )
    }

    @Test("A temporary-file run of one scenario and two rows prints a table")
    func tableForSelectedRows() async throws {
        let result = try await LabExecutable.run([
            "bench", "--scenario", "update", "--pattern", "custom-executor", "--pattern", "raw-sqlite",
            "--operations", "30", "--runs", "2", "--no-progress", "--wide",
        ])
        #expect(result.exitStatus == 0, "\(result.output)")
        let table = result.standardOutput
        #expect(table.contains("custom-executor"))
        #expect(table.contains("raw-sqlite"))
        #expect(!table.contains("queue-perform"))
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("  custom-executor") || $0.hasPrefix("  raw-sqlite") }
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.hasSuffix(" ok") }, "both rows end at the reference")
        #expect(rows.first?.contains("2.00/2.00") == true, "custom-executor's hops are counted and declared")
    }

    // A row that starts a new thread every cycle allocates each hop's continuation from the
    // heap, and the thread that runs the hop caches it: thread-executor's sync cycles grew
    // by 0.3 to 3 KiB each until the counting pass filled the caches of the pool's and the
    // main queue's threads too.
    @Test("thread-executor keeps no bytes per cycle in sync")
    func threadExecutorKeepsNothingInSync() async throws {
        let result = try await LabExecutable.run([
            "bench", "--scenario", "sync", "--pattern", "thread-executor", "--operations", "20", "--runs", "1",
            "--database", "memory", "--format", "json", "--no-progress",
        ])
        #expect(result.exitStatus == 0, "\(result.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let scenario = try #require((json["scenarios"] as? [[String: Any]])?.first)
        let row = try #require((scenario["rows"] as? [[String: Any]])?.first)
        #expect(row["leaked_objects"] as? Int == 0)
        // Null only where the counting pass has no jemalloc, with the reason beside it.
        if let bytes = row["leaked_bytes_per_cycle"] as? Int {
            #expect(bytes == 0)
        } else {
            #expect((row["notes"] as? [String: String])?["leaked_bytes_per_cycle"] != nil)
        }
    }

    @Test("--output writes the report to the named file")
    func outputFile() async throws {
        let folder = try TemporaryFolder()
        let output = folder.path("report.md")
        let code = await Lab.run([
            "bench", "--scenario", "point-read", "--pattern", "raw-sqlite", "--operations", "10", "--runs", "1",
            "--no-meters", "--format", "markdown", "--output", output, "--no-progress",
        ])
        #expect(code == 0)
        let markdown = try String(contentsOfFile: output, encoding: .utf8)
        #expect(markdown.contains("raw-sqlite"))
    }

    @Test("A retain cycle held only through closure captures shows in the leaked bytes, where the object walk sees nothing")
    func closureOnlyCycle() async throws {
        let result = try await LabExecutable.run([
            "bench", "--pattern", "planted-closure-leak", "--pattern", "raw-sqlite", "--scenario", "point-read",
            "--operations", "20", "--runs", "1", "--database", "memory", "--format", "json", "--no-progress",
        ])
        #expect(result.exitStatus == 0, "\(result.output)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let scenario = try #require((json["scenarios"] as? [[String: Any]])?.first)
        let rows = try #require(scenario["rows"] as? [[String: Any]])
        let planted = try #require(rows.first { $0["row"] as? String == "planted-closure-leak" })
        let raw = try #require(rows.first { $0["row"] as? String == "raw-sqlite" })
        #expect(planted["leaked_objects"] as? Int == 0, "reflection does not look into a closure's captures")
        if let bytes = planted["leaked_bytes_per_cycle"] as? Int {
            // The planted ticket holds 16 KiB a cycle; a cycle's teardown moves a few hundred
            // bytes either way, which the least growth over the cycles mostly absorbs.
            #expect(bytes >= 8_192)
            #expect((raw["leaked_bytes_per_cycle"] as? Int ?? 0) < 1_024)
        } else {
            #expect((planted["notes"] as? [String: String])?["leaked_bytes_per_cycle"] != nil, "no figure without a reason")
        }
    }

    @Test("The planted row is never listed")
    func plantedRowHidden() async throws {
        let result = try await LabExecutable.run(["bench", "--list"])
        #expect(!result.standardOutput.contains("planted"))
    }

    static let metrics = [
        "throughput", "cpu_us_per_op", "wakeups_per_op", "latency_us", "hops_per_op", "expected_hops_per_op",
        "queue_dispatches_per_op", "blocking_waits_per_op", "allocations_per_op", "bytes_per_op", "leaked_bytes_per_cycle",
        "leaked_objects", "cycles", "predicted_ns_per_op", "model_ratio", "checksum",
    ]

    @Test("Bad usage exits 64", arguments: [
        ["bench", "--scenario", "nope"],
        ["bench", "--wide", "--format", "json"],
        ["bench", "--baseline", "saved.json", "--format", "json"],
        ["bench", "--pattern", "nope"],
        ["bench", "--operations", "0"],
        ["bench", "--operations", "9223372036854775807"],
        ["bench", "--scenario", "import", "--operations", "200001"],
        ["bench", "--clients", "0"],
        ["bench", "--runs", "0"],
        ["bench", "--format", "xml"],
        ["bench", "--output", "/nonexistent-folder/report.json"],
        ["bench", "--unknown-flag"],
    ])
    func badUsage(arguments: [String]) async {
        #expect(await Lab.run(arguments) == 64)
    }

    @Test("A --baseline that cannot be read is a data error: one line, exit 65, and no run")
    func unreadableBaseline() async throws {
        let folder = try TemporaryFolder()
        let result = try await LabExecutable.run(["bench", "--baseline", folder.path("missing.json"), "--no-progress"])
        #expect(result.exitStatus == 65)
        #expect(result.output.hasPrefix("lab: cannot read --baseline"), "\(result.output)")
        #expect(result.output.split(separator: "\n").count == 1, "\(result.output)")
    }

    @Test("Counts have an upper bound, named with the scenario that sets it")
    func boundedOperations() throws {
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--scenario", "point-read", "--operations", "1000001"]) }
        #expect(try BenchCommand.parse(["--scenario", "point-read", "--operations", "1000000"]).operations == 1_000_000)
        do {
            _ = try BenchCommand.parse(["--operations", "200001"])
            Issue.record("200,001 import batches were accepted")
        } catch {
            #expect(BenchCommand.message(for: error) == "--operations 200001 is more than import takes (at most 200000); pick fewer, or other scenarios with --scenario")
        }
    }

    @Test("--list names every scenario and row")
    func listing() {
        let listing = BenchCommand.listing()
        for name in ["import", "point-read", "update", "mixed", "chatty"] + RowCatalog.all.map(\.name) {
            #expect(listing.contains(name))
        }
    }

    @Test("The counting pass's child gets the same settings back from their request")
    func settingsRoundTrip() throws {
        let command = try BenchCommand.parse(["--scenario", "mixed", "--pattern", "mutex", "--operations", "30", "--clients", "3", "--seed", "9", "--runs", "2", "--database", "memory"])
        let settings = try command.settings()
        let again = try BenchSettings(JSONDecoder().decode(BenchSettings.Request.self, from: JSONEncoder().encode(settings.request)))
        #expect(again.scenarios == settings.scenarios)
        #expect(again.rows.map(\.name) == settings.rows.map(\.name))
        #expect(again.plan(for: .mixed).operationCount == 30)
        #expect(again.plan(for: .mixed).clients.count == 3)
        #expect(again.seed == 9)
        #expect(again.runs == settings.runs)
        #expect(again.database == settings.database)
    }

    @Test("A request that names a row the catalog does not have is a usage error")
    func requestWithUnknownRow() throws {
        var request = try BenchCommand.parse(["--pattern", "mutex", "--database", "memory"]).settings().request
        request.rows = ["mutex", "no-such-row"]
        #expect(throws: LabError.usage("unknown row 'no-such-row' in the counting pass's request")) {
            try BenchSettings(request)
        }
    }

    @Test("Quick mode divides the operations by ten and runs three times")
    func quickSettings() throws {
        let command = try BenchCommand.parse(["--quick"])
        let settings = try command.settings()
        #expect(settings.runs == 3)
        #expect(settings.operations(for: .pointRead) == 1_000)
        #expect(settings.clients(for: .mixed) == 4)
    }

    @Test("The default run takes an eighth of each scenario and a sixteenth of sync; --full takes all of it; both run five rounds")
    func defaultAndFullSizes() throws {
        let standard = try BenchCommand.parse([]).settings()
        #expect(standard.runs == 5)
        #expect(standard.operations(for: .pointRead) == 1_250)
        #expect(standard.operations(for: .importBatch) == 25)
        #expect(standard.operations(for: .sync) == 62)
        let full = try BenchCommand.parse(["--full"]).settings()
        #expect(full.runs == 5)
        for scenario in Scenario.allCases { #expect(full.operations(for: scenario) == scenario.definition.defaultOperations) }
        let again = try BenchSettings(full.request)
        #expect(again.full, "the counting pass's child gets --full back")
        #expect(throws: (any Error).self) { try BenchCommand.parse(["--full", "--quick"]) }
    }

    @Test("The progress line says how long is left once a run has ended, and still ends with the step it names")
    func progressSaysWhatIsLeft() async throws {
        let result = try await LabExecutable.run([
            "bench", "--scenario", "point-read", "--pattern", "raw-sqlite", "--pattern", "store-sync",
            "--operations", "20", "--runs", "2", "--database", "memory", "--no-meters", "--progress",
        ])
        #expect(result.exitStatus == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("about ") && $0.contains(" left · point-read · round 2/2 · ") })
        #expect(lines.contains { $0.hasSuffix("point-read · round 1/2 · raw-sqlite") || $0.hasSuffix("point-read · round 1/2 · store-sync") })
    }
}
