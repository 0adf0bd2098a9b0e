import Demos
import Foundation
import TestSupport
import Testing
import WorkshopChecks
import ChildProcesses
import Support

/// Every starter must fail for the reason its exercise teaches, and every reference
/// solution must pass, or the workshop has rotted: these run each one's check on the
/// tracked files (in `WorkshopReference`), never on a learner's copy.
@Suite("Starters and solutions")
struct ReferenceTests {
    @Test("Every starter fails its check for its intended reason", arguments: ExerciseCatalog.all)
    func starterFailsForItsReason(_ exercise: Exercise) async throws {
        switch exercise.startingFailure {
        case .check(let id):
            let report = try await Repository.report(exercise, "starter")
            #expect(!report.passed)
            let failure = try #require(report.firstFailure)
            // A deadlock is told from another crash by its frames, which `make race` turns
            // off (LAB_BACKTRACE=off): there, exercise 14's starter fails as a crash.
            let backtracerOff = ProcessInfo.processInfo.environment[ChildProcess.backtraceSwitch] == "off"
            let ids = id == "deadlock" && backtracerOff ? [id, "trap"] : [id]
            #expect(ids.contains(failure.id), "the first failing check is \(failure.id): \(failure.problem ?? "")")
            #expect(failure.status == .failed)
        case .compileError(let expected):
            let file = try #require(exercise.files.first)
            let errors = try await StarterCompiler().errors(
                compiling: WorkshopLayout(root: packageRoot).starter(exercise, file), isolation: exercise.defaultIsolation
            )
            let first = try #require(errors.first, "the starter compiles")
            #expect(first.contains(expected), "the first error is: \(first)")
        }
    }

    @Test("Every reference solution passes its check", arguments: ExerciseCatalog.all)
    func solutionPasses(_ exercise: Exercise) async throws {
        let report = try await Repository.solutionReport(exercise)
        #expect(report.passed, "\(Repository.problems(of: report))")
        #expect(report.seeds.count == 2)
        // The catalog's list is what a failed build's report marks not measured.
        #expect(report.checks.map(\.id) == exercise.checkIDs.map(\.rawValue))
    }

    @Test("The solutions of the exercises that start with a compile error compile on their own, as a learner's copy does")
    func compileErrorSolutionsCompile() async throws {
        let compiler = try StarterCompiler()
        let layout = WorkshopLayout(root: packageRoot)
        for exercise in ExerciseCatalog.all {
            guard case .compileError = exercise.startingFailure, let file = exercise.files.first else { continue }
            #expect(
                try await compiler.errors(compiling: layout.solution(exercise, file), isolation: exercise.defaultIsolation) == [],
                "\(exercise.folder)"
            )
        }
    }
}

extension Exercise: CustomTestStringConvertible {
    public var testDescription: String { "\(number) \(slug)" }
}
