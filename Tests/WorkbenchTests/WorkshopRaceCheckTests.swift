import Foundation
import Testing
import WorkshopTestSupport
import WorkshopChecks
import ChildProcesses
import Support

/// `lab workshop check` runs the exercises about crossing contexts once more under
/// ThreadSanitizer, and reports its `races` check in place of the plain build's. Stand-ins
/// play `swift build` (which records its arguments) and both builds of exercise 1, so that
/// no test waits for a build under the sanitizer.
@Suite("Workshop checks under ThreadSanitizer")
struct WorkshopRaceCheckTests {
    /// Shell that prints `report` as an exercise's executable does: marked with the token in
    /// the file lab names after `--report-secret`, exiting as the report says. The report is
    /// quoted for the shell in single quotes: its text must hold none.
    static func printing(_ report: CheckReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: (try? encoder.encode(report)) ?? Data(), as: UTF8.self)
        return #"p=; for a in "$0" "$@"; do [ "$p" = --report-secret ] && f="$a"; p="$a"; done; "#
            + #"t=$(sed -n 's/.*"token":"\([0-9a-f]*\)".*/\1/p' "$f"); "#
            + "echo \"workshop-report $t: \"'\(json)'; exit \(report.passed ? 0 : 1)"
    }

    static let trap = Check(id: .trap, status: .passed, expected: "no trap", measured: "no trap")
    static let notRun = Check(id: .races, status: .unavailable, expected: "no data race", measured: "not run in this build")
    static let race = Check(
        id: .races, status: .failed, expected: "no data race", measured: "1 report in the learner code",
        problem: "ThreadSanitizer found a data race: a write of size 8 by thread T2 at QueueArchive.swift:23:5"
    )

    /// A checkout whose plain build reports `races` not run, and whose build under the
    /// sanitizer finds a race, when it is given `--one-run`.
    func checkout() throws -> FakeCheckout {
        let checkout = try FakeCheckout()
        try checkout.exercise(Self.printing(CheckReport(exercise: .confinement, checks: [Self.trap, Self.notRun])))
        let sanitized = checkout.layout.package.appendingPathComponent(".build-race/debug/Exercise01")
        try FileManager.default.createDirectory(at: sanitized.deletingLastPathComponent(), withIntermediateDirectories: true)
        let raced = Self.printing(CheckReport(exercise: .confinement, checks: [Self.trap, Self.race]))
        try FakeCheckout.script(at: sanitized.path, #"case " $* " in *" --one-run "*) ;; *) echo "no --one-run: $*"; exit 3 ;; esac; "# + raced)
        try FakeCheckout.script(at: checkout.folder.path("swift"), #"echo "$@" >> "$(dirname "$0")/builds""#)
        return checkout
    }

    @Test("A race found under ThreadSanitizer fails the check, in place of the plain build's races check")
    func raceFails() async throws {
        let checkout = try checkout()
        let result = try await checkout.lab(["check", "1"])
        #expect(result.exitStatus == 1, "\(result.output)")
        #expect(result.output.contains("ThreadSanitizer found a data race"))
        #expect(!result.output.contains("not run in this build"))
        let builds = try String(contentsOfFile: checkout.folder.path("builds"), encoding: .utf8)
        #expect(builds.contains("--sanitize=thread"))
        #expect(builds.contains(".build-race"))
    }

    @Test("--skip-sanitizer builds nothing under ThreadSanitizer, and the result says races was skipped")
    func skipped() async throws {
        let checkout = try checkout()
        let result = try await checkout.lab(["check", "1", "--skip-sanitizer"])
        #expect(result.exitStatus == 0, "\(result.output)")
        #expect(result.output.contains("skipped (--skip-sanitizer)"))
        let builds = try String(contentsOfFile: checkout.folder.path("builds"), encoding: .utf8)
        #expect(!builds.contains("--sanitize=thread"))
    }
}
