import Support
import Foundation
import TestSupport
import Testing
@testable import Workbench
import WorkshopChecks

import LabCommands
import WorkshopTestSupport

@Suite("The learner's workbench")
struct WorkbenchTests {
    let checkout: Checkout
    let bench: Workbench
    let exercise = Exercise.confinement

    init() throws {
        checkout = try Checkout(exercises: [.confinement, .debugSwitch])
        bench = Workbench(layout: checkout.layout)
    }

    var copy: URL { checkout.layout.copy(exercise, exercise.files[0]) }
    var starter: String { checkout.text(checkout.layout.starter(exercise, exercise.files[0]))! }

    @Test("start copies the starter once, and never overwrites the learner's copy")
    func startKeepsTheCopy() throws {
        #expect(bench.status(of: exercise) == .notStarted)
        #expect(try bench.start(exercise) == [copy])
        #expect(checkout.text(copy) == starter)
        try checkout.write("// mine\n", to: copy)
        #expect(try bench.start(exercise) == [])
        #expect(checkout.text(copy) == "// mine\n")
    }

    @Test("reset puts the starter back and forgets the last check: the exercise is not started again until an edit or a check")
    func resetRestores() throws {
        try bench.start(exercise)
        try checkout.write("// mine\n", to: copy)
        try bench.record(Self.report(passed: true), of: exercise, digest: bench.digest(of: exercise))
        #expect(bench.status(of: exercise) == .passed)
        try bench.reset(exercise)
        #expect(checkout.text(copy) == starter)
        #expect(bench.status(of: exercise) == .notStarted)
        try checkout.write(starter + "// edited\n", to: copy)
        #expect(bench.status(of: exercise) == .notChecked)
        try checkout.write(starter, to: copy)
        try bench.record(Self.report(passed: false), of: exercise, digest: bench.digest(of: exercise))
        #expect(bench.status(of: exercise) == .failing)
    }

    @Test("A check's result holds for the files it checked; an edit makes the exercise unchecked again")
    func statusFollowsTheFiles() throws {
        try bench.start(exercise)
        #expect(bench.status(of: exercise) == .notChecked)
        try bench.record(Self.report(passed: false), of: exercise, digest: bench.digest(of: exercise))
        #expect(bench.status(of: exercise) == .failing)
        #expect(bench.next?.number == 1)
        try checkout.write(starter + "// edited\n", to: copy)
        #expect(bench.status(of: exercise) == .notChecked)
        try bench.record(Self.report(passed: true), of: exercise, digest: bench.digest(of: exercise))
        #expect(bench.status(of: exercise) == .passed)
        #expect(bench.next?.number == 2)
    }

    @Test("watch's wait returns once the learner's copy changes")
    func waitForChange() async throws {
        try bench.start(exercise)
        let bench = bench
        let started = bench.digest(of: exercise)
        let waiting = Task { try await bench.waitForChange(to: .confinement, from: started) }
        try checkout.write(starter + "// saved\n", to: copy)
        try await waiting.value
        #expect(bench.status(of: exercise) == .notChecked)
    }

    @Test("Hints come one at a time, and the last one stays")
    func hintsOneAtATime() throws {
        let shown = try (0..<(exercise.hints.count + 1)).map { _ in try bench.nextHint(exercise).number }
        #expect(shown == Array(1...exercise.hints.count) + [exercise.hints.count])
    }

    @Test("A missing starter is a one-line data error that says how to get it back")
    func missingStarter() throws {
        try FileManager.default.removeItem(at: checkout.layout.starter(exercise, exercise.files[0]))
        #expect(throws: LabError.self) { try bench.start(exercise) }
        do {
            try bench.start(exercise)
        } catch {
            #expect(error.exitCode == 65)
            #expect(!error.description.contains("\n"))
            #expect(error.description.contains("git checkout -- Sources/Workshop/WorkshopStarters/01-confinement/QueueArchive.swift"))
        }
        #expect(checkout.text(copy) == nil)
    }

    @Test("The solution's diff turns the starter into the solution", arguments: ExerciseCatalog.all)
    func solutionDiffApplies(_ exercise: Exercise) throws {
        let real = Workbench(layout: WorkshopLayout(root: packageRoot))
        let diff = try real.solutionDiff(exercise)
        for file in exercise.files {
            let starter = try String(contentsOf: real.layout.starter(exercise, file), encoding: .utf8)
            let solution = try String(contentsOf: real.layout.solution(exercise, file), encoding: .utf8)
            #expect(PatchApplier.apply(diff, to: starter, path: real.layout.relative(real.layout.copy(exercise, file))) == solution)
        }
    }

    static func report(passed: Bool) -> CheckReport {
        CheckReport(exercise: .confinement, checks: [
            Check(id: .trap, status: passed ? .passed : .failed, expected: "no trap", measured: passed ? "no trap" : "a trap"),
        ])
    }
}
