import Foundation
import TestSupport
import Testing
import WorkshopTestSupport

import LabCommands
import Support
@testable import Workbench
@testable import WorkshopChecks
@testable import WorkshopSourceRules

/// What an exercise's files may say, read before they are built.
@Suite("Source rules")
struct SourceRulesTests {
    static func findings(_ text: String, in exercise: Exercise = .plainActor) -> [SourceFinding] {
        SourceRules(for: exercise).findings(in: [(name: "File.swift", text: text)])
    }

    @Test("The workload and the checks cannot be imported, however the import is written", arguments: [
        "import Workload", "@preconcurrency import Workload", "import struct Workload.Checksum",
        "@_implementationOnly import WorkshopChecks", "import Meters", "public import Bench", "import Workbench", "import Workload; import NoteStore",
    ])
    func importsRefused(_ line: String) {
        let findings = Self.findings("import NoteStore\n\(line)\n")
        #expect(findings.allSatisfy { $0.line == 2 })
        #expect(findings.contains { $0.message.contains("the workload's plans and the checks are the check's alone") })
    }

    @Test("The store, WorkshopKit, the patterns' modules and the platform may be imported")
    func importsAllowed() {
        let text = """
            import NoteStore
            import WorkshopKit
            import CustomExecutorStore
            import GlobalActorStore
            import Foundation
            import Observation
            import Synchronization
            """
        #expect(Self.findings(text).isEmpty)
        #expect(Self.findings("import PreconcurrencyStore").count == 1)
        #expect(Self.findings("import PreconcurrencyStore", in: .inheritedIsolation).isEmpty)
    }

    @Test("Reaching into a module's internals is refused", arguments: [
        "@testable import NoteStore", "@_spi(Private) import NoteStore", "let x = unsafeBitCast(a, to: B.self)",
        "let u = Unmanaged.passRetained(x)", "@_silgen_name(\"swift_task_switch\") func f()",
    ])
    func reachingAround(_ line: String) {
        #expect(!Self.findings(line).isEmpty)
    }

    @Test("Escape hatches are refused unless the exercise's own pattern needs one")
    func escapeHatches() {
        let unsafe = "    private nonisolated(unsafe) let context: NoteContext"
        #expect(Self.findings(unsafe, in: .confinement).isEmpty)
        #expect(Self.findings(unsafe, in: .plainActor).first?.message.contains("nonisolated(unsafe) switches off") == true)
        #expect(Self.findings("final class Cache: @unchecked   Sendable {}", in: .globalActor).count == 1)
        #expect(Self.findings("    nonisolated init() {}", in: .plainActor).count == 1)
        #expect(Self.findings("    nonisolated convenience init(x: Int) {}", in: .plainActor).count == 1)
        #expect(Self.findings("    nonisolated func title() -> String { \"\" }", in: .plainActor).isEmpty)
    }

    @Test("An escape hatch is found by the syntax tree however it is written", arguments: [
        ("nonisolated\ninit() {}", SourceEscape.nonisolatedInit),
        ("nonisolated /* the storage */ private\n    init() {}", .nonisolatedInit),
        ("nonisolated extension ShelfStorage {\n    convenience init(x: Int) { self.init() }\n}", .nonisolatedInit),
        ("@preconcurrency import NoteStore", .preconcurrencyImport),
        ("@preconcurrency\nimport WorkshopKit", .preconcurrencyImport),
        ("unowned(unsafe) let owner: Editor", .unownedUnsafe),
        ("let f = { [unowned(unsafe) self] in self.save() }", .unownedUnsafe),
        ("let m = Mirror(reflecting: note)", .reflection),
        ("typealias Reflector = Swift.Mirror", .reflection),
        ("dump(note, to: &text)", .reflection),
        ("let address = Int(bitPattern: ObjectIdentifier(note))", .unsafePointer),
        ("let p = UnsafeRawPointer(bitPattern: address)!", .unsafePointer),
        ("withUnsafeMutablePointer(to: &cache) { shared = $0 }", .unsafePointer),
        ("memcpy(&copy, &note, 8)", .unsafePointer),
        ("let o = OpaquePointer(raw)", .unsafePointer),
        ("let n = unsafe raw.load(as: Note.self)", .unsafePointer),
        ("let kept = Swift.Unmanaged<Note>.passUnretained(note)", .unsafePointer),
    ])
    func escapeSpellings(_ text: String, _ escape: SourceEscape) {
        let findings = Self.findings(text, in: .isolatedInit)
        let message = SourceRules(for: .isolatedInit).escapeMessage(escape)
        #expect(findings.contains { $0.message == message }, "\(findings.map(\.message))")
    }

    @Test("What the escape hatches' rules leave alone", arguments: [
        "@preconcurrency import Foundation", "unowned let owner: Editor", "let f = { [weak self, unowned context] in }",
        "func dump() {}\nfunc f() { dump() }", "nonisolated func title() -> String { \"\" }", "let bits = Int(truncatingIfNeeded: x)",
        "// Mirror(reflecting: note), unowned(unsafe), nonisolated init", "let s = \"UnsafeRawPointer(bitPattern: 1)\"",
    ])
    func escapesLeftAlone(_ text: String) {
        #expect(Self.findings(text).isEmpty, "\(Self.findings(text).map(\.message))")
    }

    @Test("The standard library's underscored names are refused; the learner's own are not")
    func underscoredNames() {
        #expect(Self.findings("let count = _getRetainCount(note)").count == 1)
        #expect(Self.findings("private var _cache: [Int] = []\nfunc f() { _cache = [] }").isEmpty)
    }

    @Test("Blocking calls are refused; a synchronous queue call only where the exercise starts with one")
    func blocking() {
        #expect(Self.findings("let semaphore = DispatchSemaphore(value: 0)").count == 1)
        #expect(Self.findings("Thread.sleep(forTimeInterval: 1)").count == 1)
        #expect(Self.findings("let batch = parser.sync { NoteFile.batch(from: lines) }").count == 1)
        #expect(Self.findings("queue.sync(execute: work)").count == 1)
        #expect(Self.findings("queue.asyncAndWait { }").count == 1)
        #expect(Self.findings("queue.sync { job.runSynchronously(on: executor) }", in: .blockingExecutor).isEmpty)
    }

    @Test("Reaching out of the exercise's process is refused, in code and in strings", arguments: [
        "kill(getppid(), SIGKILL)", "let out = FileHandle(forWritingAtPath: \"/proc/\\(getppid())/fd/1\")",
        "let child = Process()", "_ = fork()", "let p = popen(\"ls\", \"r\")", "@_dynamicReplacement(for: main) func f() {}",
    ])
    func outOfTheProcess(_ line: String) {
        #expect(!Self.findings(line).isEmpty)
    }

    @Test("A type named like the check's entry point is refused", arguments: [
        "enum ConfinementCheck<A> { static func main() async -> Never { exit(0) } }", "enum WorkshopChecks {}", "struct MyChecker {}",
    ])
    func reservedNames(_ line: String) {
        #expect(Self.findings(line).contains { $0.message.contains("a name the check's entry point uses") })
    }

    @Test("The type exercise 6 keeps isolated must stay isolated to its global actor")
    func keptIsolated() {
        let isolated = "@NoteShelf\nfinal class ShelfStorage {\n}"
        #expect(Self.findings(isolated, in: .isolatedInit).isEmpty)
        #expect(Self.findings("@NoteShelf final class ShelfStorage {}", in: .isolatedInit).isEmpty)
        let plain = "/// The shelf's notes.\nfinal class ShelfStorage {\n}"
        #expect(Self.findings(plain, in: .isolatedInit).first?.line == 2)
        #expect(Self.findings(plain, in: .isolatedInit).first?.message.contains("no longer isolated to @NoteShelf") == true)
    }

    @Test("Comments and string literals are not read")
    func commentsAndStrings() {
        let text = #"""
            // import Workload, nonisolated(unsafe), @unchecked Sendable
            /* import Workshop
               /* nested: @testable */ DispatchSemaphore */
            let message = "import Workload and nonisolated(unsafe)"
            let block = """
                @unchecked Sendable
                """
            let escaped = "a \" import Workload"
            """#
        #expect(Self.findings(text).isEmpty)
        #expect(Self.findings(text + "\nimport Workload").first?.line == 9)
    }

    @Test("Every starter and every solution keeps the rules")
    func referenceFilesKeepTheRules() throws {
        let layout = WorkshopLayout(root: packageRoot)
        for exercise in ExerciseCatalog.all {
            for file in exercise.files {
                for url in [layout.starter(exercise, file), layout.solution(exercise, file)] {
                    let text = try String(contentsOf: url, encoding: .utf8)
                    let findings = SourceRules(for: exercise).findings(in: [(name: file, text: text)])
                    #expect(findings.isEmpty, "\(layout.relative(url)): \(findings.map(\.message))")
                }
            }
        }
    }
}

/// A check grades the learner's files: the entry point beside them is put back, and other
/// files in the folder are refused.
@Suite("What a check grades")
struct GradedFilesTests {
    /// The rules as `lab workshop check` runs them (the workshop's SourceRules executable),
    /// called in this process: on the learner's copies in `layout`.
    static func rules(in layout: WorkshopLayout) -> (Exercise) async throws(LabError) -> [SourceFinding] {
        { exercise in
            let files = exercise.files.compactMap { file in
                (try? String(contentsOf: layout.copy(exercise, file), encoding: .utf8)).map { (name: file, text: $0) }
            }
            return SourceRules(for: exercise).findings(in: files)
        }
    }

    @Test("The tracked entry point of every exercise is the one the lab writes")
    func entryPoints() throws {
        let layout = WorkshopLayout(root: packageRoot)
        for exercise in ExerciseCatalog.all {
            let text = try String(contentsOf: layout.copy(exercise, "main.swift"), encoding: .utf8)
            #expect(text == exercise.entryPointSource, "\(exercise.folder)/main.swift")
        }
    }

    @Test("A changed entry point is put back before the build")
    func entryPointRestored() throws {
        let checkout = try Checkout(exercises: [.confinement])
        let bench = Workbench(layout: checkout.layout)
        let entry = checkout.layout.copy(.confinement, "main.swift")
        try checkout.write("print(\"workshop-report: {}\")\n", to: entry)
        try bench.restoreEntryPoint(of: .confinement)
        #expect(checkout.text(entry) == Exercise.confinement.entryPointSource)
    }

    @Test("Another Swift file in the exercise's folder fails the source check, by name")
    func strayFile() async throws {
        let checkout = try Checkout(exercises: [.confinement])
        let bench = Workbench(layout: checkout.layout)
        try bench.start(.confinement)
        #expect(try await bench.sourceCheck(of: .confinement, findings: Self.rules(in: checkout.layout)).status == .passed)
        let folder = checkout.layout.copy(.confinement, "main.swift").deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("More"), withIntermediateDirectories: true)
        try checkout.write("extension ConfinementCheck {}\n", to: folder.appendingPathComponent("More/Extra.swift"))
        let check = try await bench.sourceCheck(of: .confinement, findings: Self.rules(in: checkout.layout))
        #expect(check.status == .failed)
        #expect(check.problem?.hasPrefix("Workshop/Exercises/01-confinement/More/Extra.swift: the exercise's folder holds only") == true)
    }

    @Test("A learner's file that imports the checks fails the source check with its line")
    func learnerImport() async throws {
        let checkout = try Checkout(exercises: [.confinement])
        let bench = Workbench(layout: checkout.layout)
        try bench.start(.confinement)
        let copy = checkout.layout.copy(.confinement, "QueueArchive.swift")
        try checkout.write((checkout.text(copy) ?? "") + "import Workshop\n", to: copy)
        let check = try await bench.sourceCheck(of: .confinement, findings: Self.rules(in: checkout.layout))
        #expect(check.status == .failed)
        #expect(check.problem?.hasPrefix("QueueArchive.swift:") == true)
        #expect(check.problem?.contains("imports Workshop") == true)
    }

    @Test("A report of a build that failed lists every other check as not measured")
    func failedBuildReport() {
        let compiles = Check.compiles([.init(location: "Workshop/Exercises/01-confinement/QueueArchive.swift:3:1", message: "expected", excerpt: [])])
        let report = CheckReport(exercise: .confinement, source: .source([]), compiles: compiles)
        #expect(report.checks.map(\.id) == ["source", "compiles"] + Exercise.confinement.checkIDs.map(\.rawValue))
        #expect(report.checks.dropFirst(2).allSatisfy { $0.status == .notMeasured })
        #expect(report.firstFailure?.id == "compiles")
    }
}
