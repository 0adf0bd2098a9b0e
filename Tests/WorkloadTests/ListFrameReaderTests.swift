import Foundation
import NoteStore
import Testing
import Workload

/// The ui-during-import scenario's list: a screen the store could not have shown is a wrong
/// frame, and a wrong frame makes the run's reads differ from the reference model's.
@Suite("The main-actor list's frames")
struct ListFrameReaderTests {
    /// Three batches of a thousand notes after the seeded thousand.
    static let plan = ScenarioPlan(scenario: .uiDuringImport, operations: 3, clients: 1, seed: 5)

    // MARK: What the store could have shown

    @Test("The expectation takes the seeded count plus whole batches, never fewer than the frame before, never more than the plan writes")
    func expectation() throws {
        let expected = ListExpectation(plan: Self.plan, titles: 50)
        let seeded = ScenarioPlan.seededNoteCount
        #expect(expected.seeded == seeded)
        #expect(expected.batch == ScenarioPlan.uiBatchSize)
        #expect(expected.most == seeded + 3 * ScenarioPlan.uiBatchSize)
        #expect(expected.titles.count == 50)
        func accepts(_ count: Int, after previous: Int, titles: [String]? = nil) -> Bool {
            expected.accepts(ListScreen(count: count, titles: titles ?? expected.titles), after: previous)
        }
        let accepted = (0...3).map { seeded + $0 * ScenarioPlan.uiBatchSize }
        for count in accepted {
            #expect(accepts(count, after: seeded), "\(count)")
            #expect(accepts(count, after: count), "\(count) again")
        }
        // Every other count from below the seeded notes to past the last batch is refused.
        let refused = stride(from: seeded - ScenarioPlan.uiBatchSize, through: accepted.last! + ScenarioPlan.uiBatchSize, by: 250)
            .filter { !accepted.contains($0) }
        #expect(refused.count == 17)
        for count in refused { #expect(!accepts(count, after: 0), "\(count)") }
        #expect(!accepts(seeded + 1, after: seeded), "part of a batch")
        #expect(!accepts(accepted[1], after: accepted[2]), "fewer notes than the frame before")
        #expect(!accepts(accepted[1], after: seeded, titles: Array(expected.titles.reversed())), "the titles in another order")
        #expect(!accepts(accepted[1], after: seeded, titles: Array(expected.titles.dropLast())), "a title missing")
    }

    // MARK: A run's frames

    @Test("A repository that shows what it stores renders no wrong frame, and the run reads what the reference reads")
    func rightScreens() async throws {
        let repository = ListingRepository()
        let run = try await Self.run(on: repository)
        let frames = try #require(run.frames)
        #expect(frames.wrongScreens == 0)
        #expect(frames.rendered >= ListingRepository.readsBeforeImport)
        #expect(frames.renderings == 1, "one segment")
        Self.expectOrdered(frames)
        #expect(run.reads == ReferenceModel.expectedOutcome(of: Self.plan).reads)
        #expect(try await ScenarioRunner.outcome(reads: run.reads, on: repository) == ReferenceModel.expectedOutcome(of: Self.plan))
    }

    @Test("A wrong count, a count that goes back to a cached screen, wrong titles or a failing read is a wrong frame, and the run's reads differ", arguments: ListingRepository.Lie.allCases)
    func wrongScreens(lie: ListingRepository.Lie) async throws {
        let run = try await Self.run(on: ListingRepository(lie))
        let frames = try #require(run.frames)
        #expect(frames.wrongScreens > 0)
        // The first frame is right whatever the lie: only the later ones can go back.
        #expect(frames.wrongScreens < frames.rendered)
        Self.expectOrdered(frames)
        #expect(run.reads != ReferenceModel.expectedOutcome(of: Self.plan).reads)
    }

    @Test("A main actor busy until the operations ended still owes the first frame: it renders it, late, and counts it missed")
    @MainActor
    func busyMainActorRendersLate() async throws {
        let repository = ListingRepository()
        try await ScenarioRunner.prepare(Self.plan, on: repository)
        let rendering = ListFrameReader.start(
            on: repository, schedule: ListFrameSchedule(framesPerSecond: 120, titles: 50),
            expected: ListExpectation(plan: Self.plan, titles: 50)
        )
        // The main actor is this test's, and it keeps it for two frames' time: the list's
        // task cannot start before the operations end.
        let busy = ContinuousClock.now + .milliseconds(17)
        while ContinuousClock.now < busy {}
        let frames = await rendering.finish()
        #expect(frames.rendered == 1)
        #expect(frames.due >= 2)
        #expect(frames.onTime == 0)
        #expect(frames.missed == frames.due)
        #expect(frames.stalls.allSatisfy { $0 >= .milliseconds(17) })
        #expect(frames.wrongScreens == 0)
        // The late frame keeps what its own screen said of the store's work: the first read's.
        #expect(frames.lateFrames.map(\.storeWork) == [ListingRepository.storeWork(ofRead: 1)])
    }

    @Test("Two screens are equal when they show the same count and titles, however long each took to read")
    func screensCompareWhatTheyShow() {
        let screen = ListScreen(count: 3, titles: ["a", "b"], storeWork: .microseconds(40))
        #expect(screen == ListScreen(count: 3, titles: ["a", "b"]))
        #expect(screen == ListScreen(count: 3, titles: ["a", "b"], storeWork: .milliseconds(9)))
        #expect(screen != ListScreen(count: 4, titles: ["a", "b"], storeWork: .microseconds(40)))
        #expect(screen != ListScreen(count: 3, titles: ["b", "a"], storeWork: .microseconds(40)))
    }

    @Test("A scenario without a list renders no frames")
    func noList() async throws {
        let plan = ScenarioPlan(scenario: .importBatch, operations: 2, clients: 1, seed: 5)
        let repository = ListingRepository()
        try await ScenarioRunner.prepare(plan, on: repository)
        #expect(try await ScenarioRunner.run(plan, on: repository, recorder: NoRecorder()).frames == nil)
        #expect(await repository.listReads == 0)
    }

    @Test("Segments' frames add up, the missed ones from the due ones, the merges summed and the longest kept")
    func merged() {
        var first = FrameLog()
        (first.due, first.rendered, first.onTime, first.wrongScreens, first.renderings) = (10, 8, 6, 1, 1)
        first.stalls = [.milliseconds(1), .milliseconds(2)]
        var second = FrameLog()
        (second.due, second.rendered, second.onTime, second.wrongScreens, second.renderings) = (5, 5, 5, 0, 1)
        second.stalls = [.milliseconds(3)]
        let both = first.merged(with: second)
        let counts: [Int] = [both.due, both.rendered, both.onTime, both.wrongScreens, both.renderings]
        #expect(counts == [15, 13, 11, 1, 2])
        #expect(both.missed == 4)
        #expect(first.missed == 4, "10 due, 6 on time: not 8 rendered less 6")
        #expect(both.stalls == [.milliseconds(1), .milliseconds(2), .milliseconds(3)])
        var withMerges = first
        (withMerges.mainQueueMerges, withMerges.mainQueueMergeTime, withMerges.longestMainQueueMerge) = (2, .milliseconds(3), .milliseconds(2))
        withMerges.lateFrames = [FrameLog.LateFrame(lateStart: .milliseconds(5), read: .milliseconds(4))]
        var later = second
        (later.mainQueueMerges, later.mainQueueMergeTime, later.longestMainQueueMerge) = (1, .milliseconds(1), .milliseconds(1))
        later.lateFrames = [FrameLog.LateFrame(lateStart: .zero, read: .milliseconds(9))]
        let merged = withMerges.merged(with: later)
        #expect(merged.mainQueueMerges == 3 && merged.mainQueueMergeTime == .milliseconds(4))
        #expect(merged.longestMainQueueMerge == .milliseconds(2) && later.merged(with: withMerges).longestMainQueueMerge == .milliseconds(2))
        #expect(merged.lateFrames == withMerges.lateFrames + later.lateFrames)
    }

    // MARK: Helpers

    /// Prepares the plan and runs it on `repository`, the list rendering as it would in a row.
    static func run(on repository: ListingRepository) async throws -> ScenarioRun<Void> {
        try await ScenarioRunner.prepare(plan, on: repository)
        await repository.holdImports()
        return try await ScenarioRunner.run(plan, on: repository, recorder: NoRecorder())
    }

    /// A deadline is due before its frame renders, and a frame renders before it is on time.
    static func expectOrdered(_ frames: FrameLog) {
        #expect(frames.due >= frames.rendered)
        #expect(frames.rendered >= frames.onTime)
        #expect(frames.stalls.count == frames.rendered)
    }
}

// MARK: - ListingRepository

/// ``ReferenceRepository`` with a list that may lie. Its import waits until the list has
/// been read ``readsBeforeImport`` times, so every run renders that many frames however
/// fast the import is: the tests count frames, never time them.
actor ListingRepository: ForwardingRepository {
    enum Lie: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// One note more than the store holds: not a whole number of batches.
        case partialBatch
        /// The first screen again after the count has moved on, as a stale cache shows it.
        case cachedOlderScreen
        /// The right count with the titles in the wrong order.
        case wrongTitles
        /// A read that throws.
        case failedRead

        var testDescription: String { rawValue }
    }

    static let readsBeforeImport = 3
    /// What the screen of the list's `read`th read says of the store's work, as a context's
    /// would: a value of its own for each read, so a frame that keeps another read's shows.
    static func storeWork(ofRead read: Int) -> Duration { .microseconds(100 + read) }

    nonisolated let wrapped: any NoteRepository = ReferenceRepository()
    private let lie: Lie?
    private var firstScreen: ListScreen?
    private(set) var listReads = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Whether the plan's imports wait for the list: off while the setup is written.
    private var holding = false

    /// A repository whose list lies as `lie` says, or tells the truth.
    init(_ lie: Lie? = nil) {
        self.lie = lie
    }

    /// From now on, an import waits until the list has been read ``readsBeforeImport`` times.
    func holdImports() {
        holding = true
    }

    func listScreen(titles: Int) async throws -> ListScreen {
        listReads += 1
        if listReads >= Self.readsBeforeImport {
            for waiter in waiting { waiter.resume() }
            waiting = []
        }
        var screen = try await wrapped.listScreen(titles: titles)
        screen.storeWork = Self.storeWork(ofRead: listReads)
        guard let first = firstScreen else {
            // The first frame is always right: the seeded notes, before any batch.
            firstScreen = screen
            return screen
        }
        switch lie {
        case nil: return screen
        case .partialBatch: screen.count += 1
        case .cachedOlderScreen:
            // Made to have moved on, so that the cached screen goes back.
            if screen.count == first.count { screen.count += ScenarioPlan.uiBatchSize }
            return listReads.isMultiple(of: 2) ? screen : first
        case .wrongTitles: screen.titles.reverse()
        case .failedRead: throw NoteStoreError.notFound("the list")
        }
        return screen
    }

    func importBatch(_ batch: NoteBatch) async throws {
        if holding, listReads < Self.readsBeforeImport {
            await withCheckedContinuation { waiting.append($0) }
        }
        try await wrapped.importBatch(batch)
    }
}
