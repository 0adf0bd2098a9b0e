import Foundation
import Support
import TestSupport
import Testing
import WorkshopTestSupport
import WorkshopChecks

/// What `lab` says when it refuses or fails: one line that names the path and says what to
/// do, its control characters escaped; exit 74 whenever a command's output cannot be
/// written.
@Suite("lab's messages")
struct MessagesTests {
    @Test("A path's control characters are printed escaped, on one line", arguments: ["\n", "\u{1B}[31m", "\t\r"])
    func controlCharactersEscaped(_ characters: String) async throws {
        let folder = try TemporaryFolder()
        let missing = folder.path("gone\(characters)away")
        let result = try await LabExecutable.runAsGiven(OutputFileTests.smallRun + ["--database", missing + "/lab.sqlite"])
        #expect(result.exitStatus == 64)
        let shown = missing.shown
        #expect(result.output == "lab: --database '\(shown)/lab.sqlite': the folder '\(shown)' does not exist\n")
        #expect(!result.output.dropLast().contains { $0.isNewline || $0 == "\u{1B}" || $0 == "\t" })
    }

    /// Commands other than `bench`'s run, each in a checkout, with its output on /dev/full.
    static let commands: [[String]] = [
        ["--help"], ["bench", "--help"], ["bench", "--list"], ["demo"],
        ["workshop", "list"], ["workshop", "--json"], ["workshop", "hint", "1"], ["workshop", "solution", "1"],
    ]

    @Test("Every command exits 74 with one line when its output cannot be written", arguments: commands)
    func unwritableOutput(_ arguments: [String]) async throws {
        let checkout = try FakeCheckout()
        for redirect in ["> /dev/full", ">&-"] {
            let result = try await LabExecutable.runAsGiven(
                arguments, shell: #"exec "$0" "$@" "# + redirect, environment: checkout.environment, in: checkout.root
            )
            #expect(result.exitStatus == 74, "\(arguments) \(redirect): \(result.output)")
            let reason = redirect == ">&-" ? "it is closed" : "No space left on device"
            #expect(result.output == "lab: cannot write to standard output: \(reason)\n", "\(arguments) \(redirect)")
        }
    }

    @Test("A negative exercise number says there is no such exercise, as any other")
    func negativeExercise() async throws {
        let checkout = try FakeCheckout(exercises: [])
        for arguments in [["check", "-1"], ["hint", "-3"], ["check", "-1", "--json"]] {
            let result = try await checkout.lab(arguments)
            #expect(result.exitStatus == 64)
            let number = arguments[1].dropFirst()
            #expect(result.output.split(separator: "\n").last == "lab: there is no exercise -\(number): the exercises are 1 to \(ExerciseCatalog.all.count) (\(try LabExecutable.printed("workshop", in: checkout.root)) lists them)")
        }
    }

    @Test("check --json of an exercise that does not exist writes a JSON error to standard output")
    func checkJSONError() async throws {
        let checkout = try FakeCheckout(exercises: [])
        let folder = try TemporaryFolder()
        let report = folder.path("out.json")
        let result = try await LabExecutable.runAsGiven(
            [report], shell: #"exec "$0" workshop check 99 --json > "$1""#, environment: checkout.environment, in: checkout.root
        )
        #expect(result.exitStatus == 64)
        let message = "there is no exercise 99: the exercises are 1 to \(ExerciseCatalog.all.count) (\(try LabExecutable.printed("workshop", in: checkout.root)) lists them)"
        #expect(result.output == "lab: \(message)\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        #expect(json["error"] as? String == message)
        #expect(json["exit_code"] as? Int == 64)
        #expect(json["exercise"] as? String == "99")
        #expect(json["passed"] as? Bool == false)
    }

    @Test("lab workshop --json lists every exercise with its status, and the next one")
    func listJSON() async throws {
        let checkout = try FakeCheckout()
        #expect(try await checkout.lab(["start", "confinement"]).exitStatus == 0)
        let result = try await checkout.lab(["--json"])
        #expect(result.exitStatus == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let exercises = try #require(json["exercises"] as? [[String: Any]])
        #expect(exercises.count == ExerciseCatalog.all.count)
        #expect(exercises.first?["name"] as? String == "confinement")
        #expect(exercises.first?["status"] as? String == "not checked")
        #expect(exercises.dropFirst().allSatisfy { $0["status"] as? String == "not started" })
        #expect(json["next"] as? Int == 1)
    }

    @Test("An exercise is named by its number or its name; an unknown name says what to give")
    func exerciseByName() async throws {
        let checkout = try FakeCheckout()
        let start = try await checkout.lab(["start", "confinement"])
        #expect(start.exitStatus == 0)
        #expect(start.output.contains("Edit Workshop/Exercises/01-confinement/QueueArchive.swift, then run: \(try LabExecutable.printed("workshop check 1", in: checkout.root))"))
        let unknown = try await checkout.lab(["hint", "nope"])
        #expect(unknown.exitStatus == 64)
        #expect(unknown.output == "lab: there is no exercise 'nope': give its number, 1 to \(ExerciseCatalog.all.count), or its name, such as confinement (\(try LabExecutable.printed("workshop", in: checkout.root)) lists them)\n")
    }

    @Test("A relative path when the current folder was removed says so, not \"the folder '' does not exist\"")
    func removedCurrentFolder() async throws {
        let folder = try TemporaryFolder()
        let result = try await LabExecutable.runAsGiven(
            OutputFileTests.smallRun + ["--database", "notes.sqlite"],
            shell: #"mkdir gone && cd gone && rmdir ../gone && exec "$0" "$@""#, in: folder.url
        )
        #expect(result.exitStatus == 64)
        #expect(result.output == "lab: --database 'notes.sqlite' is relative to the current folder, which cannot be found (No such file or directory): cd to a folder that exists, or give an absolute path\n")
    }

    @Test("A temporary directory that cannot take a folder is named, with the system's reason, not a Foundation error number")
    func unusableTemporaryDirectory() async throws {
        let folder = try TemporaryFolder()
        let file = folder.path("a-file")
        try Data().write(to: URL(fileURLWithPath: file))
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = file
        let result = try await LabExecutable.runAsGiven(OutputFileTests.smallRun, environment: environment)
        #expect(result.exitStatus == 65)
        #expect(result.output == "lab: cannot create a temporary folder for the databases in '\(file)': Not a directory; set TMPDIR to a folder you can write\n")
    }

    /// Folders under `folder` whose path, with `/lab.sqlite`, is about 570 bytes: longer than
    /// SQLite opens (511), shorter than the system's limit.
    static func deepFolder(in folder: TemporaryFolder) throws -> String {
        let deep = folder.path("deep") + "/" + [String](repeating: String(repeating: "d", count: 180), count: 3).joined(separator: "/")
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        return deep
    }

    @Test("A --database path longer than SQLite opens is a usage error that says so, before anything is made")
    func databasePathTooLong() async throws {
        let folder = try TemporaryFolder()
        let deep = try Self.deepFolder(in: folder)
        let database = deep + "/lab.sqlite"
        let result = try await LabExecutable.runAsGiven(OutputFileTests.smallRun + ["--database", database])
        #expect(result.exitStatus == 64)
        #expect(result.output == "lab: --database '\(database)' is \(database.utf8.count) bytes long, and SQLite opens only files whose full path has at most 511 bytes: give a shorter path\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: deep) == [])
    }

    @Test("A TMPDIR too deep for SQLite's paths is refused before the run, not by each row after it")
    func temporaryDirectoryTooDeep() async throws {
        let folder = try TemporaryFolder()
        let deep = try Self.deepFolder(in: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = deep
        let result = try await LabExecutable.runAsGiven(OutputFileTests.smallRun, environment: environment)
        #expect(result.exitStatus == 65)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 1, "one line, and no report: \(result.output)")
        #expect(lines.first?.hasPrefix("lab: TMPDIR '\(deep)' is too deep: the run's databases in it would have full paths of up to ") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: deep) == [])
    }

    @Test("A damaged lab database stops the run with one line that says so and what to do, and exits 65")
    func damagedDatabase() async throws {
        let folder = try TemporaryFolder()
        let database = folder.path("lab.sqlite")
        let made = try await LabExecutable.runAsGiven(
            ["bench", "--scenario", "import", "--pattern", "raw-sqlite", "--runs", "1", "--no-meters", "--no-progress",
             "--format", "json", "--database", database]
        )
        #expect(made.exitStatus == 0, "\(made.output)")
        // Bytes over the cells of a page of the notes' table, past the file's header.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: database))
        try handle.seek(toOffset: 4096 * 5 + 100)
        try handle.write(contentsOf: Data(repeating: 0xFF, count: 3000))
        try handle.close()
        let result = try await LabExecutable.runAsGiven(OutputFileTests.smallRun + ["--database", database])
        #expect(result.exitStatus == 65)
        #expect(result.output.split(separator: "\n").last == "lab: --database '\(database)' is damaged: SQLite found a page it cannot read (SQLite error 11: database disk image is malformed); it is the lab's own file, made by an earlier run: remove it, with its -wal and -shm, and run again to make a new one")
    }

    /// Whether this process may mount a file system (root, with the capability): the full
    /// disk is a small tmpfs.
    static let canMount: Bool = {
        #if os(Linux)
        guard getuid() == 0, let folder = try? TemporaryFolder() else { return false }
        let mounted = run("/bin/mount", ["-t", "tmpfs", "-o", "size=1M", "tmpfs", folder.path("")]) == 0
        if mounted { _ = run("/bin/umount", [folder.path("")]) }
        return mounted
        #else
        return false
        #endif
    }()

    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("A full disk under --database stops the run with one line that says so, and exits 74", .enabled(if: canMount))
    func fullDisk() async throws {
        let folder = try TemporaryFolder()
        let disk = folder.path("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        #expect(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=3M", "tmpfs", disk]) == 0)
        defer { _ = Self.run("/bin/umount", [disk]) }
        let database = disk + "/lab.sqlite"
        let result = try await LabExecutable.runAsGiven(
            ["bench", "--scenario", "import", "--pattern", "raw-sqlite", "--runs", "1", "--no-meters", "--no-progress",
             "--format", "json", "--database", database]
        )
        #expect(result.exitStatus == 74)
        #expect(result.output.split(separator: "\n").last?.hasPrefix("lab: the disk is full: SQLite could not write --database '\(database)' (SQLite error 13: database or disk is full") == true, "\(result.output)")
    }
}

