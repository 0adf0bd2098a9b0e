import Demos
import Foundation
import TestSupport
import Testing
import WorkshopTestSupport
@testable import Workbench
import WorkshopChecks

import LabCommands
import Support

/// `lab workshop` as a learner runs it, in a checkout of its own, so that no test touches
/// the copies a learner is editing.
@Suite("lab workshop")
struct LabWorkshopCommandTests {
    struct Run {
        var exitStatus: Int32?
        var output: String
    }

    static func lab(_ arguments: [String], in folder: URL) async throws -> Run {
        let result = try await LabExecutable.runAsGiven(["workshop"] + arguments, in: folder)
        return Run(exitStatus: result.exitStatus, output: result.output)
    }

    @Test("An unknown exercise is a usage error: one line, exit 64")
    func unknownExercise() async throws {
        let checkout = try Checkout(exercises: [])
        for command in ["check", "start", "hint", "solution", "reset"] {
            let run = try await Self.lab([command, "99"], in: checkout.layout.root)
            #expect(run.exitStatus == 64)
            #expect(run.output == "lab: there is no exercise 99: the exercises are 1 to \(ExerciseCatalog.all.count) (\(try LabExecutable.printed("workshop", in: checkout.layout.root)) lists them)\n")
        }
    }

    @Test("Outside a checkout of the lab, lab workshop says so in one line and exits 64")
    func outsideACheckout() async throws {
        let run = try await Self.lab(["list"], in: FileManager.default.temporaryDirectory)
        #expect(run.exitStatus == 64)
        #expect(run.output.hasPrefix("lab: lab workshop works in a checkout of the lab"))
        #expect(run.output.split(separator: "\n").count == 1)
    }

    @Test("start prints the path to edit; the list then shows the exercise started and names the next")
    func startAndList() async throws {
        let checkout = try Checkout()
        let start = try await Self.lab(["start", "1"], in: checkout.layout.root)
        #expect(start.exitStatus == 0)
        #expect(start.output.contains("Edit Workshop/Exercises/01-confinement/QueueArchive.swift, then run: \(try LabExecutable.printed("workshop check 1", in: checkout.layout.root))"))
        let list = try await Self.lab([], in: checkout.layout.root)
        #expect(list.exitStatus == 0)
        #expect(list.output.contains("   1  confinement"))
        #expect(list.output.contains("not checked"))
        #expect(list.output.contains("Next: exercise 1, confinement: \(try LabExecutable.printed("workshop check 1", in: checkout.layout.root))"))
        #expect(list.output.split(separator: "\n").filter { $0.contains("not started") }.count == ExerciseCatalog.all.count - 1)
    }

    @Test("A missing solution is a data error: one line, exit 65")
    func missingSolution() async throws {
        let checkout = try Checkout(exercises: [.confinement])
        try FileManager.default.removeItem(at: checkout.layout.solution(.confinement, "QueueArchive.swift"))
        let run = try await Self.lab(["solution", "1"], in: checkout.layout.root)
        #expect(run.exitStatus == 65)
        #expect(run.output.split(separator: "\n").count == 1)
    }
}

@Suite("Building an exercise")
struct ExerciseBuildTests {
    @Test("The compiler's errors are read once each, with their source lines and paths from the checkout")
    func readsErrors() {
        let layout = WorkshopLayout(root: URL(fileURLWithPath: "/src"))
        let output = """
            [4/9] Compiling Exercise06 NoteShelf.swift
            /src/Workshop/Exercises/06-isolated-init/NoteShelf.swift:22:19: error: call to global actor 'NoteShelf'-isolated initializer 'init()' in a synchronous nonisolated context [#ActorIsolatedCall]
            21 |     private init() {
            22 |         storage = ShelfStorage()
               |                   `- error: call to global actor 'NoteShelf'-isolated initializer 'init()' in a synchronous nonisolated context [#ActorIsolatedCall]

            [5/9] Emitting module Exercise06
            /src/Workshop/Exercises/06-isolated-init/NoteShelf.swift:22:19: error: call to global actor 'NoteShelf'-isolated initializer 'init()' in a synchronous nonisolated context [#ActorIsolatedCall]
            21 |     private init() {
            22 |         storage = ShelfStorage()
               |                   `- error: call to global actor 'NoteShelf'-isolated initializer 'init()' in a synchronous nonisolated context [#ActorIsolatedCall]

            error: fatalError
            """
        let errors = ExerciseBuild.errors(in: output, layout: layout)
        #expect(errors.count == 1)
        #expect(errors.first?.location == "Workshop/Exercises/06-isolated-init/NoteShelf.swift:22:19")
        #expect(errors.first?.message == "call to global actor 'NoteShelf'-isolated initializer 'init()' in a synchronous nonisolated context")
        #expect(errors.first?.excerpt.count == 3)
        let check = Check.compiles(errors)
        #expect(check.status == .failed)
        #expect(check.measured == "1 error")
        #expect(Check.compiles([]).status == .passed)
    }
}
