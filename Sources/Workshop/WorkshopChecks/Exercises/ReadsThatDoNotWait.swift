internal import Demos
import WorkshopKit
import NoteStore
import Workload
import Synchronization
internal import Support

// MARK: - Exercise 19: reads that do not wait

extension Exercise {
    package static let readsThatDoNotWait = Exercise(
        number: 19, slug: "reads-that-do-not-wait",
        goal: "make the list's reads stop waiting for the importer's saves: read on a connection of their own",
        demo: ReadsThatDoNotWaitDemo.self,
        files: ["LiveNoteList.swift"],
        hints: [
            """
            The store counts every read that was queued behind a write of the same queue. \
            Which queue does the list's read run on, and what else runs there while the \
            import goes on?
            """,
            """
            BatchImporter is a model actor: its jobs run on its context's queue, one after \
            another, and each import is one job and one write transaction. A read sent to the \
            importer waits for the import in progress, and the frame with it. The database is \
            a file in WAL mode: a read on a connection of its own sees the last committed \
            batch and never waits for the writer.
            """,
            """
            In refresh(), read through the container's reader pool: `let titles = \
            Self.titlesShown`, then `screen = try await container.read { context in … }` with \
            the same fetch and count as before. The extension of BatchImporter is no longer needed.
            """,
        ],
        startingFailure: .check("behind-writes"),
        entryPoint: "ReadsThatDoNotWaitCheck<LiveNoteList>",
        checkIDs: [.store, .contexts, .trap, .behindWrites, .frames, .reads, .screen, .failure, .waits],
        escapeAdvice: "keep the list on the main actor, and move its reads off the writer's queue",
        waitsAdvice: "await the read instead: an async read suspends the list and leaves the main thread free",
        minutes: 15,
        starterShows: """
            a main-actor list reads the count and fifty titles through the importer, a model \
            actor, while it saves batches of 5,000 notes: every read queues behind a save
            """,
        passesWhen: """
            0 reads behind a save, no context on the main queue, at most 10% of the frames missed \
            beyond the check's own reads, every frame read from the store and right
            """,
        teaches: """
            A read sent through the writer's context, or through an actor that imports and reads, \
            waits behind every save: read on a connection of your own, with `container.read`, the \
            store's reader pool, which reads the last committed batch and never waits.
            """,
        wrongFixes: [
            WrongFix(
                name: "LiveNoteListWaiting", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "on the main thread"
            ),
            WrongFix(
                name: "LiveNoteListOwnStore", kind: .ignoresWhatIsHandedIn, refusedBy: .store,
                because: "of its own"
            ),
            WrongFix(
                name: "LiveNoteListFirstScreen", kind: .neverTouchesTheDatabase, refusedBy: .screen,
                because: "fewer notes than had been saved when they began"
            ),
            WrongFix(
                name: "LiveNoteListSpinningForTheReader", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
            WrongFix(
                name: "LiveNoteListRefreshingInATask", kind: .skipsTheWork, refusedBy: .reads,
                because: "read the notes they show from the store"
            ),
            WrongFix(
                name: "LiveNoteListKeepingTheLastScreen", kind: .skipsTheWork, refusedBy: .failure,
                because: "refresh()"
            ),
            WrongFix(
                name: "LiveNoteListSkippingFrames", kind: .skipsTheWork, refusedBy: .reads,
                because: "calls to refresh() read the notes they show"
            ),
            WrongFix(
                name: "LiveNoteListDetached", kind: .keepsTheMisconception, refusedBy: .behindWrites,
                because: "waited in a queue for a save of the same queue"
            ),
            WrongFix(
                name: "LiveNoteListViewContext", kind: .keepsTheMisconception, refusedBy: .contexts,
                because: "on the main queue"
            ),
        ]
    )
}

// MARK: - LiveListMeasurements

/// What a run of a ``LiveListShowing`` measured.
public struct LiveListMeasurements: MeasuresPromises {
    /// What some frames showed: a count, and a digest of the titles with how many there were.
    struct Shown: Codable, Sendable, Equatable {
        var count: Int
        var titleCount: Int
        var titles: Checksum
        /// How many frames showed it.
        var frames = 1
    }

    /// Read jobs queued behind a write of their own queue, from the first frame to the last
    /// (the store's count, ``StoreAudit/readsQueuedBehindWrites``).
    var readsBehindWrites: Int?
    /// Frames during the import, one call to refresh() each at 120 Hz, and those whose read,
    /// with any wait for it, took longer than a frame (8.3 ms): the list's, and the check's
    /// own read of the same values in the same frame, on a connection of its own.
    var frames: Int?
    var missedFrames: Int?
    var missedByTheCheck: Int?
    /// Frames that read the titles they show from the store: the container's count of note
    /// rows fetched rose by as many during the call.
    var framesThatRead: Int?
    /// Frames that showed fewer notes than had been saved when they began, and frames that
    /// showed fewer than the frame before.
    var staleFrames: Int?
    var fallingFrames: Int?
    /// What the frames during the import showed, and the frame after it.
    var shown: [Shown]?
    var last: Shown?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - ReadsThatDoNotWaitCheck

/// Exercise 19's check: an importer saves batches of 5,000 notes into a database file
/// while the list, on the main actor, refreshes 120 times a second. No read may wait behind
/// a save (the store's count), few frames may be missed, every frame must read the store,
/// and what it shows must be what was saved.
public enum ReadsThatDoNotWaitCheck<List: LiveListShowing>: ExerciseChecker {
    public static var exercise: Exercise { .readsThatDoNotWait }

    /// A context on the main queue (the view context) reads on the main thread, inside the
    /// frame: the interface's time pays for the read. In Core Data, with a store in WAL mode,
    /// "a UI context can fetch data concurrently with a single background context importing
    /// changes" (Apple, What's New in Core Data, 2016), so the read does not wait for the
    /// save; what this exercise measures is where the read runs, not a wait for the writer.
    public static var contextPlacement: ContextPlacement { .onTheirOwnQueues }

    /// The most frames a list may miss beyond those the check's own reads miss in the same
    /// frames, as a share of its frames: 10%. Frames are timed, and a busy machine delays a
    /// thread whatever its code does: the check's own read, on a connection of its own, in
    /// every frame, measures what the machine allows, and the margin covers the chance that
    /// the two reads are delayed unequally. A list that reads behind the writer misses most
    /// of its frames, and the count of reads behind writes is the strict part of the grade.
    static var missedShareAllowed: Double { 0.10 }

    public static func measure(_ record: Recorder<LiveListMeasurements>) async throws {
        // A meter, off by default: every job queued from now on is counted.
        ContextQueue.startCountingReadsBehindWrites()
        let plan = LiveImport(seed: record.data.seed)
        let folder = try ScratchFolder.create(named: "lab-exercise-19", for: "the exercise's database")
        defer { ScratchFolder.remove(folder) }
        // A file: only a database in WAL mode has readers of its own.
        let container = try NoteContainer(location: .file(folder + "/notes.sqlite"), options: .init(concurrencyDebug: true))
        WorkshopData.adopt(container)
        let importer = try BatchImporter(container: container)
        record.step("importing the folders and the first batch of \(plan.batchSize) notes")
        try await importer.importBatch(plan.opening)

        let batches = plan.batches()
        record.step("refreshing the list 120 times a second while \(batches.count) batches of \(plan.batchSize) notes are imported")
        let behindBefore = StoreAudit.readsQueuedBehindWrites
        let tally = try await show(container: container, importer: importer, importing: batches, openedWith: plan.batchSize)
        let behind = StoreAudit.readsQueuedBehindWrites - behindBefore
        record.record {
            $0.readsBehindWrites = behind
            $0.frames = tally.frames
            $0.missedFrames = tally.late
            $0.missedByTheCheck = tally.checkLate
            $0.framesThatRead = tally.framesThatRead
            $0.staleFrames = tally.stale
            $0.fallingFrames = tally.falling
            $0.shown = tally.shown
            $0.last = tally.last
        }
        // The first note by identifier is on every screen: a refresh must read it.
        guard let shownID = plan.opening.notes.map(\.id).min() else { return }
        record.step("refreshing a new list once while a read of a note it shows fails")
        await record.failingReads("refresh()", of: shownID, in: container) {
            try await refreshOnce(container: container, importer: importer)
        }
    }

    /// One refresh of a new list: the call a failing read must make throw.
    @MainActor
    private static func refreshOnce(container: NoteContainer, importer: BatchImporter) async throws {
        let list = try List(container: container, importer: importer)
        try await list.refresh()
    }

    public static func checks(_ measured: LiveListMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let plan = LiveImport(seed: data.seed)
        let share = Int((missedShareAllowed * 100).rounded())
        let behindExpected = "0 reads queued behind a save: the list reads on a connection of its own"
        let framesExpected = "at 120 Hz (a frame every 8.3 ms), at most \(share)% of the frames missed beyond those the "
            + "check's own reads miss"
        let readsExpected = "every frame reads what it shows from the store"
        let screenExpected = "every frame shows whole batches, no fewer notes than were saved when it began, "
            + "and the first \(List.titlesShown) titles imported; after the import, all \(plan.total) notes"
        return [
            .runsToTheEnd(run),
            .of(.behindWrites, measured.readsBehindWrites, expected: behindExpected, run: run) { behind in
                .verify(
                    .behindWrites, behind == 0, expected: behindExpected,
                    measured: "\(Check.count(Double(behind), "read")) queued behind a save",
                    problem: "\(Check.count(Double(behind), "read")) of the list waited in a queue for a save of the same "
                        + "queue to end: the list reads through the writer, and a frame waits as long as the import of "
                        + "a batch. The database is in WAL mode: a read on a connection of its own sees the last "
                        + "committed batch and never waits for the writer"
                )
            },
            .of(.frames, measured.missedFrames, expected: framesExpected, run: run) { missed in
                let frames = max(measured.frames ?? 0, 1)
                let machine = measured.missedByTheCheck ?? 0
                let beyond = missed - machine
                let percent = Format.compact((Double(max(beyond, 0)) / Double(frames) * 100).rounded())
                let measuredText = "\(missed) of \(frames) frames missed, the check's own reads \(machine): \(percent)% beyond"
                return .verify(
                    .frames, Double(beyond) <= missedShareAllowed * Double(frames), expected: framesExpected,
                    measured: measuredText,
                    problem: "\(measuredText). A refresh whose read, with any wait for it, takes longer than 8.3 ms "
                        + "misses its frame, and the list shows old values meanwhile. The check's own read, made in "
                        + "the same frames on a connection of its own, shows what the machine allows; a list whose "
                        + "reads wait for the writer, or take long, misses many more"
                )
            },
            .of(.reads, measured.framesThatRead, expected: readsExpected, run: run) { read in
                let frames = measured.frames ?? 0
                return .verify(
                    .reads, read == frames && frames > 0, expected: readsExpected,
                    measured: "\(read) of \(frames) frames read the store",
                    problem: "only \(read) of the \(frames) calls to refresh() read the notes they show from the store: "
                        + "a frame that does not read shows what an earlier frame read, and the list falls behind the "
                        + "import. Read the count and the titles on every refresh(), without waiting for the writer"
                )
            },
            .of(.screen, measured.last, expected: screenExpected, run: run) { last in
                let problems = screenProblems(measured, last: last, plan: plan)
                return .verify(
                    .screen, problems.isEmpty, expected: screenExpected,
                    measured: problems.isEmpty ? "every frame right, and all \(plan.total) notes after the import"
                        : problems.joined(separator: "; "),
                    problem: problems.joined(separator: "; ") + ". Each frame must show what the store holds when it "
                        + "reads: a whole number of batches, no fewer than were saved before the frame began"
                )
            },
            .failure(measured.promises, run: run),
        ]
    }

    /// What is wrong with what the frames showed, in words that show no expected value.
    static func screenProblems(_ measured: LiveListMeasurements, last: LiveListMeasurements.Shown, plan: LiveImport) -> [String] {
        let titles = plan.expectedTitles(List.titlesShown)
        let shown = measured.shown ?? []
        var problems: [String] = []
        let partial = shown.filter { $0.count % plan.batchSize != 0 || $0.count < plan.batchSize || $0.count > plan.total }
        if !partial.isEmpty {
            problems.append("\(partial.reduce(0) { $0 + $1.frames }) frames showed a count that is not a whole number of the "
                + "batches imported (\(partial.map { String($0.count) }.joined(separator: ", ")))")
        }
        let wrongTitles = shown.filter { $0.titleCount != List.titlesShown || $0.titles != titles }
        if !wrongTitles.isEmpty {
            problems.append("\(wrongTitles.reduce(0) { $0 + $1.frames }) frames showed titles other than the first "
                + "\(List.titlesShown) notes imported, by identifier")
        }
        if let stale = measured.staleFrames, stale > 0 {
            problems.append("\(stale) frames showed fewer notes than had been saved when they began")
        }
        if let falling = measured.fallingFrames, falling > 0 {
            problems.append("\(falling) frames showed fewer notes than the frame before")
        }
        if last.count != plan.total || last.titleCount != List.titlesShown || last.titles != titles {
            problems.append("after the import, the list showed \(last.count) notes, not \(plan.total)"
                + (last.titles == titles ? "" : ", and other titles"))
        }
        return problems
    }

    // MARK: The frames

    /// The list as a display drives it: made on the main actor, refreshed once per frame at
    /// 120 Hz while a task of the check's own imports the batches, and once more after.
    @MainActor
    private static func show(
        container: NoteContainer, importer: BatchImporter, importing batches: [NoteBatch],
        openedWith opened: Int
    ) async throws -> FrameTally {
        let list = try List(container: container, importer: importer)
        // The check's own reader: a context with a connection and a queue of its own, which
        // reads what the list shows in every frame, as a list on a connection of its own
        // does. What it misses, the machine misses.
        let reader = try container.newContext(name: "check-reader")
        let titles = List.titlesShown
        let progress = ImportProgress(saved: opened)
        let importing = Task.detached {
            defer { progress.finish() }
            for batch in batches {
                try await importer.importBatch(batch)
                progress.saved(batch.notes.count)
            }
        }
        var tally = FrameTally()
        let clock = ContinuousClock()
        let period = FrameTally.period
        var next = clock.now
        while !progress.isFinished {
            if clock.now < next { try await Task.sleep(until: next, clock: clock) }
            // The two reads take turns going first: the first after a wake-up or a commit
            // pays for it (a thread to wake, pages to read again), and neither always pays.
            let checkFirst = tally.frames % 2 == 1
            var checkTook = Duration.zero
            if checkFirst { checkTook = try await timedRead(reader, titles: titles, clock: clock) }
            let start = clock.now
            let saved = progress.savedNotes
            let rows = container.noteRowsFetched
            try await list.refresh()
            let took = clock.now - start
            let rowsRead = container.noteRowsFetched - rows
            let screen = list.screen
            if !checkFirst { checkTook = try await timedRead(reader, titles: titles, clock: clock) }
            tally.add(screen, savedAtStart: saved, rowsRead: rowsRead, took: took, checkTook: checkTook)
            // The next frame is the first tick after this one: a display draws no frame of
            // the list while its refresh still runs.
            let end = clock.now
            while next <= end { next += period }
        }
        try await importing.value
        await reader.perform { context in context.close() }
        try await list.refresh()
        tally.last = LiveListMeasurements.Shown(list.screen)
        return tally
    }

    /// How long the check's own read of the count and the titles takes, in `reader`.
    @MainActor
    private static func timedRead(_ reader: NoteContext, titles: Int, clock: ContinuousClock) async throws -> Duration {
        let start = clock.now
        _ = try await reader.perform { (context) throws(NoteStoreError) in try context.listScreen(titles: titles) }
        return clock.now - start
    }
}

// MARK: - FrameTally

/// What the frames showed, and how many were missed, counted as they come.
struct FrameTally {
    /// One frame at 120 Hz.
    static let period = Duration.nanoseconds(8_333_333)

    var frames = 0
    var late = 0
    var checkLate = 0
    var framesThatRead = 0
    var stale = 0
    var falling = 0
    var shown: [LiveListMeasurements.Shown] = []
    var last: LiveListMeasurements.Shown?
    private var previousCount: Int?

    /// One frame: what refresh() showed, the notes saved when it began, the note rows the
    /// store fetched meanwhile, how long it took, its read and any wait, and how long the
    /// check's own read took in the same frame.
    mutating func add(_ screen: ListScreen, savedAtStart saved: Int, rowsRead: Int, took: Duration, checkTook: Duration) {
        frames += 1
        if took > Self.period { late += 1 }
        if checkTook > Self.period { checkLate += 1 }
        // A frame shows titles read for it: the store fetched at least as many rows.
        if rowsRead >= max(screen.titles.count, 1) { framesThatRead += 1 }
        if screen.count < saved { stale += 1 }
        if let previousCount, screen.count < previousCount { falling += 1 }
        previousCount = screen.count
        let this = LiveListMeasurements.Shown(screen)
        if let index = shown.firstIndex(where: { $0.count == this.count && $0.titleCount == this.titleCount && $0.titles == this.titles }) {
            shown[index].frames += 1
        } else {
            shown.append(this)
        }
    }
}

extension LiveListMeasurements.Shown {
    init(_ screen: ListScreen) {
        self.init(count: screen.count, titleCount: screen.titles.count, titles: WorkshopData.digest(screen.titles))
    }
}

// MARK: - ImportProgress

/// The notes the check's importer has saved so far, and whether it is done: set by the
/// import task, read by the frames on the main actor.
final class ImportProgress: Sendable {
    private let saved: Atomic<Int>
    private let finished = Atomic<Bool>(false)

    init(saved: Int) { self.saved = Atomic(saved) }

    func saved(_ notes: Int) { saved.add(notes, ordering: .sequentiallyConsistent) }
    func finish() { finished.store(true, ordering: .sequentiallyConsistent) }
    var savedNotes: Int { saved.load(ordering: .sequentiallyConsistent) }
    var isFinished: Bool { finished.load(ordering: .sequentiallyConsistent) }
}

// MARK: - LiveImport

/// The notes of one run, from its seed: the folders and a first batch imported before the
/// list opens, then the batches imported while it shows. They are the import scenario's
/// notes, in batches of five thousand.
struct LiveImport {
    /// Notes per batch: the import of one takes several frames, so that a read behind it
    /// misses its frame.
    let batchSize = 5_000
    /// Batches imported while the list shows.
    let batchCount = 12
    let seed: UInt64
    /// The folders and the first batch.
    let opening: NoteBatch

    init(seed: UInt64) {
        self.seed = seed
        let plan = Self.plan(seed: seed, batches: 1, of: batchSize)
        opening = NoteBatch(folders: plan.setup.flatMap(\.folders), notes: Self.notes(of: plan))
    }

    /// Notes in the database once every batch is imported.
    var total: Int { (batchCount + 1) * batchSize }

    /// The batches imported while the list shows: made before the first frame, so that no
    /// frame waits for them to be made.
    func batches() -> [NoteBatch] {
        let notes = Self.notes(of: Self.plan(seed: seed, batches: batchCount + 1, of: batchSize)).dropFirst(batchSize)
        return stride(from: notes.startIndex, to: notes.endIndex, by: batchSize).map {
            NoteBatch(notes: Array(notes[$0..<min($0 + batchSize, notes.endIndex)]))
        }
    }

    /// The digest of the titles of the first `count` notes imported, by identifier.
    func expectedTitles(_ count: Int) -> Checksum {
        WorkshopData.digest(opening.notes.sorted { $0.id < $1.id }.prefix(count).map(\.title))
    }

    /// The import scenario's plan for `batches` batches of `size` notes.
    private static func plan(seed: UInt64, batches: Int, of size: Int) -> ScenarioPlan {
        ScenarioPlan(scenario: .importBatch, operations: batches * size / Scenario.batchSize, clients: 1, seed: seed)
    }

    /// Every note the plan imports, in order.
    private static func notes(of plan: ScenarioPlan) -> [NoteSnapshot] {
        plan.clients.joined().flatMap { operation -> [NoteSnapshot] in
            if case .importBatch(let batch) = operation { batch.notes } else { [] }
        }
    }
}
