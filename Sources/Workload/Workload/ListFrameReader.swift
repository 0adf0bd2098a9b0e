import NoteStore
import Synchronization

// MARK: - ListFrameSchedule

/// How often a main-actor list renders, and what each frame shows.
public struct ListFrameSchedule: Sendable, Equatable {
    public var framesPerSecond: Int
    /// Titles each frame shows, after the count.
    public var titles: Int

    public init(framesPerSecond: Int, titles: Int) {
        self.framesPerSecond = framesPerSecond
        self.titles = titles
    }

    /// One frame's time: 8.3 ms at 120 Hz.
    public var interval: Duration { .seconds(1) / framesPerSecond }
}

// MARK: - FrameLog

/// What a list on the main actor rendered while a scenario's operations ran.
///
/// A display asks for a frame every ``ListFrameSchedule/interval``. A frame is due at its
/// deadline; the main actor starts it when it is free (its *stall* is how late that was),
/// reads the screen through the row, and the frame is on time when its wait and its read
/// fit in one interval. A frame that is late makes the deadlines it overran missed too,
/// as a display shows the old frame again.
public struct FrameLog: Sendable, Equatable {
    /// Deadlines that fell while the operations ran.
    public var due = 0
    /// Frames whose read completed.
    public var rendered = 0
    /// Rendered frames whose wait and read fit in one interval.
    public var onTime = 0
    /// How late the main actor started each rendered frame.
    public var stalls: [Duration] = []
    /// Frames whose screen was not one the store could have shown (a count that is not a
    /// whole number of batches, or went backwards, or wrong titles), or whose read failed.
    public var wrongScreens = 0
    /// Times the reader started and ended: once per segment of the operations.
    public var renderings = 0
    /// Merges of the import's saves made on the main queue while the list rendered (a view
    /// context that merges them), and how long they held the main thread: in all, and the
    /// longest.
    public var mainQueueMerges = 0
    public var mainQueueMergeTime = Duration.zero
    public var longestMainQueueMerge = Duration.zero
    /// The frames rendered but not on time: how late each started, and how long its read
    /// took. A late start is the main thread not running (busy, or not scheduled); a long
    /// read is a wait in the row.
    public var lateFrames: [LateFrame] = []

    /// A frame rendered but not on time.
    public struct LateFrame: Sendable, Equatable {
        /// How late the main actor started it after its deadline.
        public var lateStart: Duration
        /// How long its read took.
        public var read: Duration
        /// How much of the read the store's context worked (``ListScreen/storeWork``): the
        /// rest of it was the trip. Nil where the row's read is not timed inside a context.
        public var storeWork: Duration?

        public init(lateStart: Duration, read: Duration, storeWork: Duration? = nil) {
            self.lateStart = lateStart
            self.read = read
            self.storeWork = storeWork
        }
    }

    public init() {}

    /// Deadlines with no frame ready on time.
    public var missed: Int { max(0, due - onTime) }

    /// This log and another segment's frames.
    public func merged(with other: FrameLog) -> FrameLog {
        var both = self
        both.due += other.due
        both.rendered += other.rendered
        both.onTime += other.onTime
        both.stalls += other.stalls
        both.wrongScreens += other.wrongScreens
        both.renderings += other.renderings
        both.mainQueueMerges += other.mainQueueMerges
        both.mainQueueMergeTime += other.mainQueueMergeTime
        both.longestMainQueueMerge = max(longestMainQueueMerge, other.longestMainQueueMerge)
        both.lateFrames += other.lateFrames
        return both
    }
}

// MARK: - ListExpectation

/// What a frame may show while a scenario imports: the seeded notes' titles, and a count
/// that is the seeded notes plus whole batches, never less than the frame before.
@usableFromInline
package struct ListExpectation: Sendable, Equatable {
    package let titles: [String]
    package let seeded: Int
    package let batch: Int
    package let most: Int

    /// What frames of `plan` may show, `titles` titles each.
    @usableFromInline
    package init(plan: ScenarioPlan, titles: Int) {
        let notes = plan.setup.flatMap(\.notes).sorted { $0.id < $1.id }
        self.titles = notes.prefix(titles).map(\.title)
        seeded = notes.count
        batch = max(1, plan.scenario.definition.notesImported(by: 1))
        most = seeded + plan.scenario.definition.notesImported(by: plan.operationCount)
    }

    /// Whether `screen` may follow a frame that counted `previous` notes.
    package func accepts(_ screen: ListScreen, after previous: Int) -> Bool {
        screen.titles == titles && screen.count >= max(previous, seeded) && screen.count <= most
            && (screen.count - seeded).isMultiple(of: batch)
    }
}

// MARK: - ListFrameReader

/// The ui-during-import scenario's reader: a list on the main actor that reads
/// ``NoteRepository/listScreen(titles:)`` through the row once per frame, for as long as
/// the operations run.
@MainActor
public final class ListFrameReader {
    /// A reader at work, and how to stop it.
    @usableFromInline
    package struct Rendering: Sendable {
        fileprivate let stop: StopSignal
        fileprivate let task: Task<FrameLog, Never>

        /// Marks the end of the operations now, and returns what was rendered until then.
        @usableFromInline
        package func finish() async -> FrameLog {
            stop.set(ContinuousClock.now)
            return await task.value
        }
    }

    /// When the operations ended, once they have.
    fileprivate final class StopSignal: Sendable {
        private let instant = Mutex<ContinuousClock.Instant?>(nil)
        func set(_ now: ContinuousClock.Instant) { instant.withLock { $0 = now } }
        var value: ContinuousClock.Instant? { instant.withLock { $0 } }
    }

    private let repository: any NoteRepository
    private let schedule: ListFrameSchedule
    private let expected: ListExpectation

    private init(repository: any NoteRepository, schedule: ListFrameSchedule, expected: ListExpectation) {
        self.repository = repository
        self.schedule = schedule
        self.expected = expected
    }

    /// Starts rendering on the main actor, its first frame due now.
    @usableFromInline
    package nonisolated static func start(
        on repository: any NoteRepository, schedule: ListFrameSchedule, expected: ListExpectation
    ) -> Rendering {
        let stop = StopSignal()
        // The display's first deadline is now, not when the main actor gets to the task: a
        // main actor that starts late has stalled that frame, and it is rendered late.
        let start = ContinuousClock.now
        let task = Task { @MainActor in
            await ListFrameReader(repository: repository, schedule: schedule, expected: expected)
                .render(from: start, until: stop)
        }
        return Rendering(stop: stop, task: task)
    }

    private func render(from start: ContinuousClock.Instant, until stop: StopSignal) async -> FrameLog {
        let clock = ContinuousClock()
        let interval = schedule.interval
        var log = FrameLog()
        log.renderings = 1
        // The merges a view context of the row's container makes on the main queue meanwhile.
        let container = repository.storeContainer
        let merges = container?.mainQueueMerges ?? (0, .zero)
        _ = container?.takeLongestMainQueueMerge()
        var shownCount = expected.seeded
        var frame = 0
        while true {
            let deadline = start + interval * frame
            try? await Task.sleep(until: deadline, clock: clock)
            if let end = stop.value, end <= deadline {
                log.due = Int(((end - start) / interval).rounded(.up))
                if let container {
                    let mergesNow = container.mainQueueMerges
                    log.mainQueueMerges = mergesNow.count - merges.count
                    log.mainQueueMergeTime = mergesNow.total - merges.total
                    log.longestMainQueueMerge = container.takeLongestMainQueueMerge()
                }
                return log
            }
            let started = clock.now
            var storeWork: Duration?
            do {
                let screen = try await repository.listScreen(titles: schedule.titles)
                storeWork = screen.storeWork
                if expected.accepts(screen, after: shownCount) {
                    shownCount = screen.count
                } else {
                    log.wrongScreens += 1
                }
            } catch {
                log.wrongScreens += 1
            }
            let ended = clock.now
            log.rendered += 1
            log.stalls.append(started - deadline)
            if ended - deadline <= interval {
                log.onTime += 1
            } else {
                log.lateFrames.append(
                    FrameLog.LateFrame(lateStart: started - deadline, read: ended - started, storeWork: storeWork)
                )
            }
            // The next deadline the display has not passed yet.
            frame = max(frame + 1, Int(((ended - start) / interval).rounded(.up)))
        }
    }
}

// MARK: - What the reader adds to the meters

extension ListFrameReader {
    /// Executor switches (hops) and jobs handed to an executor (enqueues) that the reader's
    /// own code makes, besides its list reads, as the counting pass's meters count them, at
    /// least and at most: what a row's declared counts in this scenario add to its own.
    public struct MeteredCost: Sendable, Equatable {
        public let hops: ClosedRange<Int>
        public let enqueues: ClosedRange<Int>
    }

    /// Each frame starts with a sleep until its deadline, which the meters count as one hop
    /// back onto the main actor and two jobs on the global pool.
    public nonisolated static let perFrame = MeteredCost(hops: 1...1, enqueues: 2...2)

    /// Each rendering ends with one more sleep, after which the reader sees that the
    /// operations ended: one hop and two jobs. The runner's task waits for the reader and
    /// then resumes on the global pool, one job more, unless the reader had ended before
    /// the runner looked (a runner held up for a frame's time on a busy machine).
    public nonisolated static let perRendering = MeteredCost(hops: 1...1, enqueues: 2...3)

    /// Why the reader's own code adds those counts, one line each, for the report.
    package nonisolated static let meteredCostReasons = [
        "the list's own sleep before each frame: \(said(perFrame.hops, "hop")) and \(said(perFrame.enqueues, "enqueue"))",
        "one more sleep at the end of each segment, and the runner resuming unless the list ended first: \(said(perRendering.hops, "hop")) and \(said(perRendering.enqueues, "enqueue"))",
    ]

    /// "1 hop", "2 or 3 enqueues".
    package nonisolated static func said(_ range: ClosedRange<Int>, _ noun: String) -> String {
        let count = range.count == 1 ? "\(range.lowerBound)" : "\(range.lowerBound) or \(range.upperBound)"
        return "\(count) \(noun)\(range.upperBound == 1 ? "" : "s")"
    }
}
