import Foundation
import Support
import TestSupport
import Testing
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
            #expect(result.output.split(separator: "\n").last == "lab: there is no exercise -\(number): the exercises are 1 to \(ExerciseCatalog.all.count) (lab workshop lists them)")
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
        let message = "there is no exercise 99: the exercises are 1 to \(ExerciseCatalog.all.count) (lab workshop lists them)"
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
        #expect(start.output.contains("Edit Workshop/Exercises/01-confinement/QueueArchive.swift, then run: lab workshop check 1"))
        let unknown = try await checkout.lab(["hint", "nope"])
        #expect(unknown.exitStatus == 64)
        #expect(unknown.output == "lab: there is no exercise 'nope': give its number, 1 to \(ExerciseCatalog.all.count), or its name, such as confinement (lab workshop lists them)\n")
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
}
