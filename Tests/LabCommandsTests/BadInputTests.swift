import Rows
import RowKit
import Support
import Foundation
import TestSupport
import Bench
import Testing
import Workload

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every refusal of `lab bench`: its exit code, its one line, and nothing written, neither
/// the database nor the report.
@Suite("lab bench refuses bad input and writes nothing")
struct BadInputTests {
    /// The scenarios as the argument parser lists them: `'a', 'b' or 'c'`.
    static let scenarioList: String = {
        let names = Scenario.allCases.map { "'\($0.rawValue)'" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }()

    /// Arguments, exit code and the whole line printed.
    static let refusals: [(arguments: [String], exitCode: Int32, message: String)] = [
        (["--operations", "0"], 64, "--operations must be at least 1, not 0"),
        (["--operations", "9223372036854775807"], 64,
         "--operations 9223372036854775807 is more than import takes (at most 200000); pick fewer, or other scenarios with --scenario"),
        (["--scenario", "import", "--operations", "200001"], 64,
         "--operations 200001 is more than import takes (at most 200000); pick fewer, or other scenarios with --scenario"),
        (["--scenario", "point-read", "--operations", "1000001"], 64,
         "--operations 1000001 is more than point-read takes (at most 1000000); pick fewer, or other scenarios with --scenario"),
        (["--clients", "65"], 64, "--clients must be between 1 and 64, not 65"),
        (["--runs", "0"], 64, "--runs must be between 1 and 100, not 0"),
        (["--format", "xml"], 64, "The value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'json' or 'markdown'."),
        (["--scenario", "nope"], 64,
         "The value 'nope' is invalid for '--scenario <scenario>'. Please provide one of \(scenarioList)."),
        (["--pattern", "nope"], 64,
         "unknown row 'nope'; the rows are \(RowCatalog.all.map { $0.name }.joined(separator: ", "))"),
        (["--unknown-flag"], 64, "Unknown option '--unknown-flag'"),
        // A scenario no row of the run runs would measure nothing.
        (["--scenario", "ui-during-import", "--pattern", "raw-sqlite", "--pattern", "store-sync"], 64,
         "raw-sqlite and store-sync do not run ui-during-import: a row whose clients run in turn, one caller at a time by contract, cannot have the scenario's main-actor list read it while its import writes; add a row that does (such as --pattern queue-perform), or pick another --scenario"),
        // A negative number is the option's value, said to be out of range, never "Missing value".
        (["--runs", "-1"], 64, "--runs must be between 1 and 100, not -1"),
        (["--clients", "-3"], 64, "--clients must be between 1 and 64, not -3"),
        (["--operations", "-5"], 64, "--operations must be at least 1, not -5"),
        (["--seed", "-1"], 64, "The value '-1' is invalid for '--seed <seed>': a seed is a whole number from 0 to 18446744073709551615"),
    ]

    @Test("A bad argument exits 64 with one line; no database and no report is created", arguments: 0..<refusals.count)
    func refusal(_ index: Int) async throws {
        let (arguments, exitCode, message) = Self.refusals[index]
        let folder = try TemporaryFolder()
        let result = try await LabExecutable.runAsGiven(
            ["bench", "--database", folder.path("lab.sqlite"), "--output", folder.path("report.json")] + arguments
        )
        #expect(result.exitStatus == exitCode)
        #expect(result.output == "lab: \(message)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [], "nothing was written")
    }

    @Test("A path whose bytes are not UTF-8 exits 64 with one line, and the file its repaired spelling names stays as it was",
          arguments: ["--output", "--database"])
    func pathNotUTF8(_ option: String) async throws {
        let folder = try TemporaryFolder()
        // What Swift would make of the bytes "r\xFF.x": the file a repaired spelling names.
        let repaired = folder.path("r\u{FFFD}.x")
        try Data("a user's file\n".utf8).write(to: URL(fileURLWithPath: repaired))
        let script = #"cd "$1" && exec "$0" bench --scenario update --pattern raw-sqlite --operations 5 --runs 1 --no-meters "# + option
            + #" "$(printf 'r\377.x')""#
        let result = try await LabExecutable.runAsGiven([folder.url.path], shell: script)
        #expect(result.exitStatus == 64, "\(result.output)")
        #expect(result.output.split(separator: "\n").count == 1, "\(result.output)")
        #expect(result.output.contains("is not valid UTF-8"), "\(result.output)")
        #expect(try String(contentsOfFile: repaired, encoding: .utf8) == "a user's file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["r\u{FFFD}.x"])
    }

    @Test("'..' after a symbolic link is resolved as the kernel resolves it: the files land where the kernel's path names")
    func dotDotAfterALink() async throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("real/sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link"), withDestinationPath: folder.path("real/sub"))
        let result = try await LabExecutable.runAsGiven(
            OutputFileTests.smallRun + ["--database", folder.path("link/../lab.sqlite"), "--output", folder.path("link/../report.json")]
        )
        #expect(result.exitStatus == 0, "\(result.output)")
        let real = try FileManager.default.contentsOfDirectory(atPath: folder.path("real")).sorted()
        #expect(real.contains("lab.sqlite") && real.contains("report.json"), "\(real)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["link", "real"])
    }

    @Test("A database in a folder that does not exist exits 64 with one line, and no folder is made")
    func missingFolder() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("missing/lab.sqlite")
        let result = try await LabExecutable.runAsGiven(OutputFileTests.smallRun + ["--database", path])
        #expect(result.exitStatus == 64)
        #expect(result.output == "lab: --database '\(path)': the folder '\(folder.path("missing"))' does not exist\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
    }

    @Test("A read-only lab database exits 65, a data problem, with one line, and stays byte-identical", .enabled(if: ReadOnly.isPossible))
    func readOnlyDatabase() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("lab.sqlite")
        #expect(try await LabExecutable.runAsGiven(OutputFileTests.smallRun + ["--database", path]).exitStatus == 0)
        let before = try DatabaseFileTests.contents(of: folder)
        let writable = try ReadOnly.make(path)
        defer { writable() }

        let result = try await LabExecutable.runAsGiven(OutputFileTests.smallRun + ["--database", path])

        #expect(result.exitStatus == 65)
        #expect(result.output == "lab: --database '\(path)' is read-only\n")
        #expect(try DatabaseFileTests.contents(of: folder) == before, "every byte, and no file beside it")
    }

    @Test("A read-only report file exits 74 with one line before the run, and stays as it was", .enabled(if: ReadOnly.isPossible))
    func readOnlyReport() async throws {
        let folder = try TemporaryFolder()
        let report = folder.path("report.json")
        try "old\n".write(toFile: report, atomically: false, encoding: .utf8)
        let writable = try ReadOnly.make(report)
        defer { writable() }
        let database = folder.path("lab.sqlite")

        let result = try await LabExecutable.runAsGiven(OutputFileTests.smallRun + ["--database", database, "--output", report])

        #expect(result.exitStatus == 74)
        #expect(result.output == "lab: cannot write to '\(report)': the file is read-only; it was left as it is\n")
        #expect(try String(contentsOfFile: report, encoding: .utf8) == "old\n")
        #expect(!FileManager.default.fileExists(atPath: database), "nothing ran")
    }
}

// MARK: - ReadOnly

/// Makes a file read-only for this process, root included: root ignores permissions, so as
/// root the file is made immutable (`chattr +i`, which only root may undo).
enum ReadOnly {
    struct Failure: Error, CustomStringConvertible { var description: String }

    static let isPossible = geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr")

    /// Returns what makes the file writable again; call it before the folder is removed.
    static func make(_ path: String) throws -> () -> Void {
        guard geteuid() == 0 else {
            guard chmod(path, 0o444) == 0 else { throw Failure(description: "chmod failed on \(path)") }
            return { _ = chmod(path, 0o644) }
        }
        guard chattr("+i", path) else { throw Failure(description: "chattr +i failed on \(path)") }
        return { _ = chattr("-i", path) }
    }

    private static func chattr(_ flag: String, _ path: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, path]
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
