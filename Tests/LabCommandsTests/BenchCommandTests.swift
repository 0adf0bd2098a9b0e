import Foundation
import Testing

@testable import LabCommands

/// `lab bench` on small inputs: exit codes, the report's contents, and its refusals.
@Suite("lab bench")
struct BenchCommandTests {
    // The two full runs below execute in a child process: the hop and allocation meters count
    // for the whole process, and the other suites run in parallel in this one.

    @Test("A small run prints a complete JSON report and exits 0")
    func smallRunPrintsJSON() async throws {
        let result = try #require(await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            exit(await Lab.run([
                "bench", "--operations", "20", "--runs", "1", "--database", "memory", "--format", "json", "--no-progress",
            ]))
        })
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutputContent)) as? [String: Any]
        )
        #expect(json["schema"] as? Int == 1)
        let scenarios = try #require(json["scenarios"] as? [[String: Any]])
        #expect(scenarios.map { $0["name"] as? String } == ["import", "point-read", "update", "mixed", "chatty"])
        for scenario in scenarios {
            let rows = try #require(scenario["rows"] as? [[String: Any]])
            #expect(rows.count == RowCatalog.all.count)
            for row in rows {
                #expect(row["checksum_ok"] as? Bool == true)
                #expect(row["checksum"] as? String == scenario["reference_checksum"] as? String)
                #expect(row["leaked_objects"] as? Int == 0, "no row leaves an object alive")
                let notes = try #require(row["notes"] as? [String: String])
                for metric in Self.metrics {
                    // Every metric is measured, or null with the reason beside it; never missing.
                    let value = try #require(row[metric], "\(metric) is missing")
                    #expect(!(value is NSNull) || notes[metric] != nil, "\(metric) is null without a reason")
                }
            }
        }
    }

    @Test("A temporary-file run of one scenario and two rows prints a table")
    func tableForSelectedRows() async throws {
        let result = try #require(await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            exit(await Lab.run([
                "bench", "--scenario", "update", "--pattern", "custom-executor", "--pattern", "raw-sqlite",
                "--operations", "30", "--runs", "2", "--no-progress",
            ]))
        })
        let table = String(decoding: result.standardOutputContent, as: UTF8.self)
        #expect(table.contains("custom-executor"))
        #expect(table.contains("raw-sqlite"))
        #expect(!table.contains("queue-perform"))
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("  custom-executor") || $0.hasPrefix("  raw-sqlite") }
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.hasSuffix(" ok") }, "both rows end at the reference")
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

    static let metrics = [
        "throughput", "latency_us", "hops_per_op", "expected_hops_per_op", "queue_dispatches_per_op",
        "allocations_per_op", "bytes_per_op", "leaked_bytes", "leaked_objects", "cycles", "checksum",
    ]

    @Test("Bad usage exits 64", arguments: [
        ["bench", "--scenario", "nope"],
        ["bench", "--pattern", "nope"],
        ["bench", "--operations", "0"],
        ["bench", "--clients", "0"],
        ["bench", "--runs", "0"],
        ["bench", "--format", "xml"],
        ["bench", "--output", "/nonexistent-folder/report.json"],
        ["bench", "--unknown-flag"],
    ])
    func badUsage(arguments: [String]) async {
        #expect(await Lab.run(arguments) == 64)
    }

    @Test("A database file that is not SQLite exits 65 and is left untouched")
    func badDatabase() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("not-a-database.sqlite")
        let garbage = Data(repeating: 0x42, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(await Lab.run(["bench", "--database", path, "--operations", "1", "--runs", "1"]) == 65)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test("--list names every scenario and row")
    func listing() {
        let listing = BenchCommand.listing()
        for name in ["import", "point-read", "update", "mixed", "chatty"] + RowCatalog.all.map(\.name) {
            #expect(listing.contains(name))
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
}
