import Demos
import Foundation
import TestSupport
import Meters
import Testing
import Workload
import WorkshopSourceRules
import WorkshopWrongFixes

@testable import WorkshopChecks
import ChildProcesses
import Support

/// A check is only as good as the wrong answers it refuses. Each wrong fix (a type in
/// `Sources/Workshop/WorkshopWrongFixes/`, or in `WorkshopMainActorDefault/WrongFixes/` for an
/// exercise compiled with the main actor as its default isolation) is what a hurried or a clever learner would write instead
/// of the lesson; each must be refused by the check it names, with its reason.
@Suite("Wrong fixes")
struct WrongFixTests {
    @Test("Every wrong fix is refused by its check, with its reason", arguments: wrongFixes)
    func refused(_ fix: WrongFix) async throws {
        let exercise = try #require(ExerciseCatalog.exercise(fix.exercise))
        if fix.refusedBy == .source {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(fix.file), encoding: .utf8)
            let findings = SourceRules(for: exercise).findings(in: [(name: "\(fix.name).swift", text: text)])
            #expect(findings.contains { $0.message.contains(fix.because) }, "\(findings.map(\.message))")
            return
        }
        if fix.refusedBy == .waits, fix.because == "held", !StallMeter.isAvailable {
            // Holds are timed where the job clock runs: not under a sanitizer (`make race`,
            // `make leaks`), whose runtime takes locks of its own and runs code several times slower.
            return
        }
        var report = try await Repository.report(exercise, "wrong:\(fix.name)", seeds: fix.seeds)
        // ThreadSanitizer reports a race only in a run where nothing happens to order the two
        // accesses, and a busy machine's scheduling can hide it: a race gets five runs, as
        // `make race` gives its planted one. Run again while the race is not found, whatever
        // the other checks say (a fix that races may fail another check too).
        let raceFound = { (report: CheckReport) in report.checks.contains { $0.id == "races" && $0.status == .failed } }
        for _ in 1..<5 where fix.refusedBy == .races && ThreadSanitizer.isActive && !raceFound(report) {
            report = try await Repository.report(exercise, "wrong:\(fix.name)", seeds: fix.seeds)
        }
        // The clock's rules judge a hold by what the held thread did meanwhile; on a machine far
        // busier than its cores (a suite's tests in parallel on two), a spinning thread can go
        // 20 ms and more without a turn on a core, and then looks like no hold at all: 4 of 20
        // checks of IndexSpinningImporter passed beside twelve `yes` processes, none beside
        // none. Exercise 12's `creation` counts the creating thread's waits, which a busy
        // machine under ThreadSanitizer can let a hopping init skip (4 of 30). `done` looks at
        // the database when a call returns and watches the queues for 10 ms: work the call left
        // in a task can start before the return is seen and end before the look, when the
        // caller's continuation waits for a core longer than the store's slowdown (once in a
        // `make leaks` run under AddressSanitizer: DraftDeskDeferredSave, whose `failure` still
        // failed). A fix refused by one of these gets three runs; one refusal is the grade.
        let timed: Set<CheckID> = [.waits, .creation, .done]
        let refused = { (report: CheckReport) in report.checks.contains { $0.id == fix.refusedBy.rawValue && $0.status == .failed } }
        for _ in 1..<3 where timed.contains(fix.refusedBy) && !refused(report) {
            report = try await Repository.report(exercise, "wrong:\(fix.name)", seeds: fix.seeds)
        }
        let check = try #require(report.checks.first { $0.id == fix.refusedBy.rawValue }, "no check \(fix.refusedBy) in \(report.checks.map(\.id))")
        if check.status == .unavailable, fix.refusedBy == .races, !ThreadSanitizer.isActive {
            // Races are looked for under ThreadSanitizer alone: `lab workshop check` builds
            // the exercise once more for it, and `make race` runs this test in such a build.
            #expect(check.measured.hasPrefix("not run in this build"))
            return
        }
        if check.status == .unavailable, !AllocationMeter.isLinked {
            // The sanitizer builds (make race, make leaks) leave jemalloc out: the memory
            // check says so instead of measuring, and this wrong fix is refused only where
            // the allocator is the lab's.
            #expect(check.measured.hasPrefix("not counted"))
            return
        }
        #expect(!report.passed)
        #expect(check.status == .failed)
        // Swift's run-time isolation check is told from another crash by its frames, which
        // `make race` turns off (LAB_BACKTRACE=off): there, a trap is only a crash.
        let backtracerOff = ProcessInfo.processInfo.environment[ChildProcess.backtraceSwitch] == "off"
        guard !(backtracerOff && fix.refusedBy == .trap) else { return }
        #expect(check.problem?.contains(fix.because) == true, "\(check.problem ?? "no problem")")
    }

    @Test("Every open hole, a wrong fix no check refuses yet, is named for trainers in the trainers' guide")
    func openHolesAreNamed() throws {
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("Docs/TrainersGuide.md"), encoding: .utf8)
        for hole in openHoles {
            let named = guide.contains(hole.name)
            #expect(named, "Docs/TrainersGuide.md does not name \(hole.name)")
            #expect(!wrongFixes.contains { $0.name == hole.name }, "\(hole.name) is both refused and open")
        }
    }

    @Test("Every wrong fix the lab compiles is in a catalog, and every one a catalog lists is compiled, where its exercise's isolation says")
    func catalogued() {
        let names = (wrongFixes + openHoles).map(\.name)
        #expect(Set(names).count == names.count, "a name listed twice: \(Dictionary(grouping: names) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        let listed = Set(names)
        #expect(WrongFix.compiled.subtracting(listed).isEmpty, "compiled but in no catalog: \(WrongFix.compiled.subtracting(listed).sorted())")
        #expect(listed.subtracting(WrongFix.compiled).isEmpty, "in a catalog but not compiled: \(listed.subtracting(WrongFix.compiled).sorted())")
        for fix in wrongFixes + openHoles {
            #expect(fix.check != nil, "\(fix.name): no type of that name where exercise \(fix.exercise)'s isolation compiles its wrong fixes")
            #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(fix.file).path), "\(fix.file)")
        }
    }

    @Test("The wrong fixes cover every way round a lesson that a check must refuse")
    func everyKind() {
        for kind in WrongFix.Kind.allCases {
            #expect(wrongFixes.contains { $0.kind == kind }, "no wrong fix \(kind.rawValue)")
        }
    }
}

/// Answers cannot be copied: the data changes with every run, and no report shows an
/// expected value.
@Suite("Answers that cannot be copied")
struct CopiedAnswerTests {
    @Test("Two seeds give different notes, reads and checksums")
    func seedsDiffer() {
        let first = WorkshopData(seed: 11)
        let second = WorkshopData(seed: 12)
        #expect(first.expectedChecksum != second.expectedChecksum)
        #expect(first.expectedReads != second.expectedReads)
        #expect(first.readIDs != second.readIDs)
        #expect(first.notes.map(\.title) != second.notes.map(\.title))
    }

    @Test("A failing report shows no expected checksum, digest or title", arguments: [1, 2, 8])
    func nothingToCopy(_ number: Int) async throws {
        let exercise = try #require(ExerciseCatalog.exercise(number))
        let seeds: [UInt64] = [101, 202]
        let report = try await Repository.report(exercise, "starter", seeds: seeds)
        #expect(!report.passed)
        let text = report.json()
        for seed in seeds {
            let data = WorkshopData(seed: seed)
            for value in [data.expectedChecksum.description, data.expectedReads.description] {
                #expect(!text.contains(value), "the report shows \(value)")
            }
            for id in data.readIDs.prefix(10) { #expect(!text.contains(data.note(id).title)) }
        }
    }

    @Test("The checks draw fresh seeds: two checks of one starter run on different data")
    func freshSeeds() async throws {
        let first = try await Repository.solutionReport(.confinement)
        let second = try await Repository.solutionReport(.confinement)
        #expect(first.passed, "\(Repository.problems(of: first))")
        #expect(second.passed, "\(Repository.problems(of: second))")
        #expect(first.seeds.count == 2 && second.seeds.count == 2)
        #expect(Set(first.seeds).isDisjoint(with: second.seeds))
    }
}
