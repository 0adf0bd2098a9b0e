import TestSupport
import Testing

@testable import Demos

/// `lab demo` as a reader runs it: the list, the explanation, and the refusals.
@Suite("lab demo")
struct LabDemoCommandTests {
    @Test("lab demo lists every demo and exits 0")
    func listing() async throws {
        let result = try await LabExecutable.runAsGiven(["demo"])
        #expect(result.exitStatus == 0)
        for demo in DemoCatalog.all { #expect(result.output.contains(demo.name)) }
    }

    @Test("lab demo --list prints the same list as lab demo, as lab bench --list lists the rows")
    func listFlag() async throws {
        let plain = try await LabExecutable.runAsGiven(["demo"])
        let listed = try await LabExecutable.runAsGiven(["demo", "--list"])
        #expect(listed.exitStatus == 0)
        #expect(listed.output == plain.output)
        for demo in DemoCatalog.all { #expect(listed.output.contains(demo.name)) }
    }

    @Test("lab demo NAME says what it does, what happened and why, and where to read more", arguments: [
        "debug-trap", "closure-cycle", "no-warning-crash",
    ])
    func explanation(name: String) async throws {
        let result = try await LabExecutable.runAsGiven(["demo", name])
        #expect(result.exitStatus == 0)
        for section in ["What it does", "What happened", "Why", "Read more: Docs/"] {
            #expect(result.output.contains(section), "\(section)")
        }
    }

    @Test("A crashing demo reports the crash instead of dying")
    func crashIsReported() async throws {
        let result = try await LabExecutable.runAsGiven(["demo", "debug-trap"])
        #expect(result.exitStatus == 0)
        #expect(result.output.contains("the child process stopped by SIG"))
        #expect(!result.output.contains("Fatal error"), "the child's own output stays in the report")
    }

    @Test("The hidden crash site crashes its own process with the trap's message")
    func crashSiteCrashes() async throws {
        let result = try await LabExecutable.runAsGiven(["demo", "--crash-site", "debug-trap.count-off-queue"])
        #expect(result.signal != nil)
        #expect(result.output.contains("NoteStore concurrency violation"))
    }

    @Test("Bad usage exits 64 with one line", arguments: [
        ["demo", "no-such-demo"],
        ["demo", "--crash-site", "no-such-site"],
        ["demo", "debug-trap", "--crash-site", "debug-trap.count-off-queue"],
        ["demo", "--no-such-flag"],
        ["demo", "--list", "debug-trap"],
        ["demo", "--list", "--json"],
    ])
    func badUsage(arguments: [String]) async throws {
        let result = try await LabExecutable.runAsGiven(arguments)
        #expect(result.exitStatus == 64)
        #expect(result.output.split(separator: "\n").count == 1)
        #expect(result.output.hasPrefix("lab: "))
    }
}
