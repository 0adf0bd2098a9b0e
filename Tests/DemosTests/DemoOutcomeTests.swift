import Foundation
import Meters
import NoteStore
import TestSupport
import Testing

@testable import Demos
import ChildProcesses
import Support

/// Each demo, run as `lab demo NAME --json` in a child process, ends as its lesson says.
@Suite("What each demo shows")
struct DemoOutcomeTests {
    static let trapPrefix = "NoteStore concurrency violation"

    /// Hop counts are there exactly where the hop meter is: never nil on Linux.
    static func counted(_ hops: Double?...) -> Bool {
        hops.allSatisfy { ($0 != nil) == HopMeter.isAvailable }
    }

    @Test("1 queue-confinement: every perform body runs on the context's queue, one job per call")
    func queueConfinement() async throws {
        let outcome = try await LabExecutable.outcome(of: QueueConfinementDemo.self)
        #expect(!outcome.callerOnContextQueue)
        #expect(outcome.bodiesOnContextQueue == outcome.performCalls)
        #expect(outcome.queueJobs == outcome.performCalls)
        #expect(outcome.notesSaved == 3)
        #expect(outcome.performAndWaitOnContextQueue)
        // The continuation resumes on the generic executor and the compiler's switch brings
        // the caller back: a switch call on every perform, and no executor change.
        if let hops = outcome.hopsPerPerform, let calls = outcome.switchCallsPerPerform {
            #expect(hops == 0)
            #expect(calls >= 1)
        }
    }

    @Test("2 debug-trap: the wrong-queue read passes silently without the switch and traps with it")
    func debugTrap() async throws {
        let outcome = try await LabExecutable.outcome(of: DebugTrapDemo.self)
        #expect(outcome.countReadSilently == 3)
        #expect(outcome.trap.signal != nil)
        #expect(outcome.trap.message?.hasPrefix(Self.trapPrefix) == true)
        #expect(outcome.trap.message?.contains("NoteContext.fetchCount") == true)
    }

    @Test("3 plain-actor: the naive actor traps; the fixed one reads with 2 to 3 hops per call")
    func plainActor() async throws {
        let outcome = try await LabExecutable.outcome(of: PlainActorDemo.self)
        #expect(outcome.naive.signal != nil)
        #expect(outcome.naive.message?.hasPrefix(Self.trapPrefix) == true)
        #expect(outcome.fixedCount == 3)
        #expect(outcome.fixedTitle == "Note 1")
        #expect(Self.counted(outcome.fixedHopsPerCall))
        if let hops = outcome.fixedHopsPerCall { #expect((2...3).contains(hops)) }
    }

    @Test("4 custom-executor: the actor's method runs on the context's queue; one job and 2 hops per call")
    func customExecutor() async throws {
        let outcome = try await LabExecutable.outcome(of: CustomExecutorDemo.self)
        #expect(outcome.notes == 3)
        #expect(outcome.methodOnContextQueue)
        #expect(outcome.jobsPerCall == 1)
        #expect(Self.counted(outcome.hopsPerCall))
        if let hops = outcome.hopsPerCall { #expect(hops == 2) }
    }

    @Test("5 global-actor: an isolated helper adds no hop; a helper actor adds two")
    func globalActor() async throws {
        let outcome = try await LabExecutable.outcome(of: GlobalActorDemo.self)
        #expect(outcome.recordedByIsolatedHelper == 100)
        #expect(outcome.recordedByHelperActor == 100)
        #expect(Self.counted(outcome.hopsWithIsolatedHelper, outcome.hopsWithHelperActor))
        if let isolated = outcome.hopsWithIsolatedHelper, let helperActor = outcome.hopsWithHelperActor {
            #expect(isolated == 2)
            #expect(helperActor == 4)
        }
    }

    @Test("6 isolated-init: the book's default value does not compile in either language mode; setup() and an isolated class do")
    func isolatedInit() async throws {
        let outcome = try await LabExecutable.outcome(of: IsolatedInitDemo.self)
        let callInActor = "call to global actor 'ImageDatabase'-isolated initializer 'init()' in a synchronous actor-isolated context"
        #expect(outcome.bookCodeErrors == ["global actor 'ImageDatabase'-isolated default value in a actor-isolated context"])
        #expect(outcome.bookCodeSwift5Errors == [callInActor])
        #expect(outcome.setupFixErrors.isEmpty)
        #expect(outcome.initBodyErrors == [
            "call to global actor 'ImageDatabase'-isolated initializer 'init()' in a synchronous nonisolated context",
        ])
        #expect(outcome.actorMethodErrors == [callInActor])
        #expect(outcome.asyncInitErrors == ["'async' call cannot occur in a global variable initializer"])
        #expect(outcome.isolatedClassErrors.isEmpty)
    }

    @Test("6 isolated-init: the book's code is listed as the notes quote it, without the guide's snippet markers")
    func isolatedInitListings() throws {
        let listings = Dictionary(uniqueKeysWithValues: IsolatedInitDemo.listings.map { ($0.title, $0.code) })
        let bookCode = try #require(listings["The book's code"])
        let bookFix = try #require(listings["The book's fix"])
        #expect(bookCode.contains("private let storage: DiskStorage = DiskStorage() // 3"))
        #expect(bookCode.contains("private init() { } // 1"))
        #expect(bookFix.contains("private var storage: DiskStorage! // ✅"))
        #expect(IsolatedInitDemo.listings.allSatisfy { !$0.code.contains("// snippet:") })
    }

    @Test("7 id-lookups: throws, nil, and a fault that fails when fired")
    func idLookups() async throws {
        let outcome = try await LabExecutable.outcome(of: IDLookupsDemo.self)
        #expect(outcome.existingObjectError == NoteStoreError.notFound("note 1").description)
        #expect(outcome.registeredObjectIsNil)
        #expect(outcome.objectWithReturnedFault)
        #expect(outcome.fulfillFaultError == NoteStoreError.faultNotFulfilled(NoteID(1)).description)
        #expect(outcome.firstAccess.signal != nil)
        #expect(outcome.firstAccess.message?.contains("could not fulfil a fault") == true)
    }

    @Test("8 task-inheritance: Task { } stays on the caller's actor; Task.detached leaves it")
    func taskInheritance() async throws {
        let outcome = try await LabExecutable.outcome(of: TaskInheritanceDemo.self)
        #expect(outcome.taskFromMainActorOnMainActor)
        #expect(!outcome.detachedFromMainActorOnMainActor)
        #expect(outcome.taskFromDatabaseActorOnItsQueue)
        #expect(!outcome.detachedFromDatabaseActorOnItsQueue)
    }

    @Test("9 setter-redispatch: an off-queue set works, each access is a job, and an interleaving loses an edit")
    func setterRedispatch() async throws {
        let outcome = try await LabExecutable.outcome(of: SetterRedispatchDemo.self)
        #expect(outcome.titleSetOffQueue == "Draft")
        #expect(outcome.jobsForReadAndWrite == 2)
        #expect(outcome.titleAfterInterleavedEdits == "Draft +A")
        #expect(outcome.titleAfterEditsInPerform == "Draft +A +B")
    }

    @Test("10 actor-per-object: two hops per property read; one snapshot costs two")
    func actorPerObject() async throws {
        let outcome = try await LabExecutable.outcome(of: ActorPerObjectDemo.self)
        #expect(outcome.sameValues)
        #expect(Self.counted(
            outcome.hopsPerPropertyRead, outcome.hopsForThreeProperties, outcome.hopsForOneSnapshot, outcome.hopsPerEdit
        ))
        if let one = outcome.hopsPerPropertyRead, let three = outcome.hopsForThreeProperties,
           let snapshot = outcome.hopsForOneSnapshot, let edit = outcome.hopsPerEdit {
            #expect(one == 2)
            #expect(three == 6)
            #expect(three == 3 * one)
            #expect(snapshot == 2)
            #expect(edit == 4)
        }
    }

    @Test("11 closure-cycle: the strong capture leaks the editor through its closure; both capture lists free it")
    func closureCycle() async throws {
        let outcome = try await LabExecutable.outcome(of: ClosureCycleDemo.self)
        let byCapture = Dictionary(uniqueKeysWithValues: outcome.captures.map { ($0.capture, $0) })
        let strong = try #require(byCapture["strongSelf"])
        #expect(strong.leakedObjects == 1)
        #expect(strong.paths == ["NoteEditor → onSave → (closure)"])
        #expect(!strong.deinitRan)
        for fixed in ["weakSelf", "valueOnly"] {
            let capture = try #require(byCapture[fixed])
            #expect(capture.leakedObjects == 0, "\(fixed)")
            #expect(capture.deinitRan, "\(fixed)")
        }
    }

    @Test("12 observation: a read of count in init registers a dependency; a read of _count does not")
    func observation() async throws {
        let outcome = try await LabExecutable.outcome(of: ObservationDemo.self)
        #expect(outcome.firedWhenInitReadsProperty)
        #expect(!outcome.firedWhenInitReadsStorage)
    }

    @Test("13 no-warning-crash: the @MainActor closure fails Swift's isolation check on the context's queue; both fixes count there")
    func noWarningCrash() async throws {
        let outcome = try await LabExecutable.outcome(of: NoWarningCrashDemo.self)
        #expect(outcome.mainActorClosure.signal != nil)
        // The crash has no message of its own: the report names the crashed thread's frames,
        // which `make race` turns off (LAB_BACKTRACE=off), since under ThreadSanitizer a
        // crashing child that starts the backtracer can hang. There, the signal is the proof.
        if ProcessInfo.processInfo.environment[ChildProcess.backtraceSwitch] != "off" {
            let message = try #require(outcome.mainActorClosure.message)
            #expect(message.contains("swift_task_isCurrentExecutor") || message.contains("checkIsolated"), "\(message)")
            #expect(message.hasSuffix("NoteCountModel.count()"), "the last frame named is the closure's: \(message)")
        }
        for placement in [outcome.sendableClosure, outcome.nonisolatedFunction] {
            #expect(placement == Placement(count: 3, onContextQueue: true, onMainActor: false))
        }
    }

    @Test("14 default-isolation: the main-actor default runs the import on the main actor; only @concurrent leaves it under both features")
    func defaultIsolation() async throws {
        let outcome = try await LabExecutable.outcome(of: DefaultIsolationDemo.self)
        typealias Placements = DefaultIsolationDemo.Placements
        #expect(outcome.nonisolatedDefault == Placements(unannotated: false, nonisolated: false, concurrent: false))
        #expect(outcome.mainActorDefault == Placements(unannotated: true, nonisolated: false, concurrent: false))
        #expect(outcome.approachable == Placements(unannotated: true, nonisolated: true, concurrent: false))
        #expect(outcome.concurrentMakingNotesErrors == [
            "main actor-isolated initializer 'init(title:)' cannot be called from outside of the actor",
        ])
        #expect(outcome.concurrentMakingNonisolatedNotesErrors.isEmpty)
    }

    @Test("15 background-sync: the view context sees the new count, the new title in the same object, and the deleted note gone")
    func backgroundSync() async throws {
        let outcome = try await LabExecutable.outcome(of: BackgroundSyncDemo.self)
        #expect(outcome.published == [5, 1, 1])
        #expect(outcome.countBefore == 3)
        #expect(outcome.countAfter == 7)
        #expect(outcome.titleBefore == "Note 1")
        #expect(outcome.titleAfter == BackgroundSyncDemo.newTitle)
        #expect(outcome.sameObject)
        #expect(outcome.deletedObjectIsDeleted)
        #expect(!outcome.deletedStillRegistered)
        #expect(outcome.untouchedKeptIdentity)
        #expect(outcome.manualTitleBeforeMerge == "Note 1")
        #expect(outcome.manualTitleAfterMerge == BackgroundSyncDemo.newTitle)
    }

    @Test("16 model-actor-on-main: made on the main actor, the importer runs on the main queue; the three fixes do not")
    func modelActorOnMain() async throws {
        let outcome = try await LabExecutable.outcome(of: ModelActorOnMainDemo.self)
        #expect(outcome.madeOnMainActor.ranOnMainQueue)
        #expect(outcome.madeOnMainActor.contextQueue == ContextQueue.main.label)
        for fixed in [outcome.madeInDetachedTask, outcome.madeByNonisolatedFactory, outcome.madeByConcurrentFactory] {
            #expect(!fixed.ranOnMainQueue)
            #expect(fixed.contextQueue == "notestore.importer")
        }
        #expect([outcome.madeOnMainActor, outcome.madeInDetachedTask, outcome.madeByNonisolatedFactory,
                 outcome.madeByConcurrentFactory].map(\.notes) == [10, 20, 30, 40])
    }

    @Test("17 temporary-ids: another context cannot find a temporary ID; the saved or obtained permanent one works")
    func temporaryIDs() async throws {
        let outcome = try await LabExecutable.outcome(of: TemporaryIDsDemo.self)
        #expect(outcome.temporaryBeforeSave)
        #expect(outcome.lookupBeforeSave.hasPrefix("temporaryID: "))
        #expect(outcome.permanentAfterSave)
        #expect(outcome.lookupAfterSave == "found \"Draft\"")
        #expect(outcome.lookupByOldTemporary.hasPrefix("temporaryID: "))
        #expect(outcome.obtainedPermanent)
        #expect(outcome.saveKeptObtained)
        #expect(outcome.lookupObtainedBeforeSave.hasPrefix("notFound: "))
        #expect(outcome.lookupObtainedAfterSave == "found \"Second draft\"")
    }

    @Test("18 isolated-conformance: the main-actor conformance fails the background importer; nonisolated or the main actor fixes it; @preconcurrency stops the run; Array's hides it")
    func isolatedConformance() async throws {
        let outcome = try await LabExecutable.outcome(of: IsolatedConformanceDemo.self)
        typealias Build = IsolatedConformanceDemo.Build
        let count = IsolatedConformanceDemo.recordCount
        let conformance = "main actor-isolated conformance of 'NoteRecord' to 'Decodable'"
        for failed in [outcome.backgroundImporter, outcome.sendableRecord] {
            let error = try #require(failed.errors.first)
            #expect(failed.errors.count == 1, "\(failed.errors)")
            #expect(error.hasPrefix(conformance))
            #expect(error.contains("cannot satisfy conformance requirement for a 'Sendable' type parameter"))
            #expect(!error.hasSuffix(" "))
            #expect(failed.decoded == nil && failed.onMainActor == nil && failed.signal == nil)
        }
        #expect(outcome.nonisolatedRecord == Build(errors: [], decoded: count, onMainActor: false))
        #expect(outcome.nonisolatedConformance == Build(errors: [], decoded: count, onMainActor: false))
        #expect(outcome.preconcurrencyConformance.errors.isEmpty)
        #expect(outcome.preconcurrencyConformance.signal != nil)
        #expect(outcome.preconcurrencyConformance.decoded == nil)
        #expect(outcome.mainActorImporter == Build(errors: [], decoded: count, onMainActor: true))
        #expect(outcome.singleRecordImporterErrors == [conformance + " cannot be used in actor-isolated context"])
        #expect(outcome.arrayImporter == Build(errors: [], decoded: count, onMainActor: false))
    }

    @Test("18 isolated-conformance: each build changes the record's first line, and the listings carry no snippet markers")
    func isolatedConformanceSources() {
        typealias Lesson = IsolatedConformanceDemo
        for declaration in [
            Lesson.declaredSendable, Lesson.nonisolatedType, Lesson.nonisolatedConformance, Lesson.preconcurrencyConformance,
        ] {
            let record = Lesson.record(declaredAs: declaration)
            #expect(record.contains("\n" + declaration + " {\n"), "\(record)")
            #expect(record != Lesson.record)
        }
        #expect(Lesson.listings.allSatisfy { !$0.code.contains("// snippet:") })
        #expect(Snippet.printed("decoded 100 false\nnoise\n") == ["decoded": ["100", "false"], "noise": []])
    }

    @Test("19 reads-that-do-not-wait: reads through the writer's context queue behind its saves; reads through the reader pool never do; every read sees whole batches")
    func readsThatDoNotWait() async throws {
        let outcome = try await LabExecutable.outcome(of: ReadsThatDoNotWaitDemo.self)
        let total = outcome.batches * outcome.batchSize
        #expect(outcome.batches == 20 && outcome.batchSize == 1_000)
        #expect(outcome.throughTheWriter.readsBehindWrites > 0)
        #expect(outcome.throughTheReaderPool.readsBehindWrites == 0)
        for reads in [outcome.throughTheWriter, outcome.throughTheReaderPool] {
            #expect(reads.reads >= 1)
            #expect(reads.wholeBatches)
            #expect(reads.notesAfter == total)
            // A read behind a save is one of the list's reads, or the one after the import.
            #expect(reads.readsBehindWrites <= reads.reads + 1)
            // Times: measured, and ordered; their size is the machine's.
            #expect(reads.longestReadMilliseconds >= reads.medianReadMilliseconds && reads.medianReadMilliseconds > 0)
        }
        #expect(ReadsThatDoNotWaitDemo.whatHappened(outcome).filter { $0.contains("frames showed no new list") }.count == 2)
        #expect(outcome.readersUsed == 1)
    }
}

// MARK: - A demo's outcome

extension LabExecutable {
    /// Runs `lab demo NAME --json` and decodes the demo's outcome.
    static func outcome<D: Demo>(of demo: D.Type) async throws -> D.Outcome {
        let result = try await runAsGiven(["demo", D.name, "--json"])
        guard result.exitStatus == 0 else {
            throw DemoError.unexpected("lab demo \(D.name) ended with \(result.exitStatus.map { "status \($0)" } ?? "signal \(result.signal ?? 0)"): \(result.output)")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(DemoResult<D.Outcome>.self, from: Data(result.output.utf8)).outcome
    }
}
