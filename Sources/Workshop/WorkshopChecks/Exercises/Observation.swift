internal import Demos
import WorkshopKit
internal import Meters
internal import Support
import Observation

// MARK: - Exercise 12: observation's accidental dependency

extension Exercise {
    package static let observation = Exercise(
        number: 12, slug: "observation",
        goal: "stop init from registering an observation dependency, and keep count observable",
        demo: ObservationDemo.self,
        files: ["NoteCounter.swift"],
        hints: [
            """
            withObservationTracking records every read of an observable property made while \
            its closure runs: whatever reads it, wherever it is, the initializer included.
            """,
            """
            init reads `self.count` to build the summary, and that read is tracked like any \
            other. SwiftUI would rebuild the view that created the counter on every change of \
            count. The @Observable macro keeps the value in a backing property whose reads \
            report nothing.
            """,
            """
            In init, build the summary from `_count` (or from the `count` argument): \
            `summary = "\\(_count) notes"`. Keep `count` itself observable.
            """,
        ],
        startingFailure: .check("creation"),
        entryPoint: "ObservationCheck<NoteCounter>", checkIDs: [.trap, .creation, .tracking, .summary],
        minutes: 10,
        starterShows: "`init` reads `self.count`, so creating the model registers a dependency",
        passesWhen: "creating it fires nothing; a reader of `count` still fires; the summary is still made",
        teaches: """
            A read of an observable property in `init` registers a dependency; read the backing \
            storage instead.
            """,
        wrongFixes: [
            WrongFix(
                name: "SummarylessCounter", kind: .skipsTheWork, refusedBy: .summary,
                because: "the summary made in init"
            ),
            WrongFix(
                name: "ReflectedCountCounter", kind: .removesTheIsolation, refusedBy: .source,
                because: "reflection (Mirror, dump) reads"
            ),
            WrongFix(
                name: "ThreadHoppingCounter", kind: .keepsTheMisconception, refusedBy: .creation,
                because: "waited for another thread"
            ),
        ]
    )
}

// MARK: - CountingMeasurements

/// What a run of a ``CountingModel`` measured.
public struct CountingMeasurements: Measurements {
    /// Whether changing count fired the handler of the tracking that created the model.
    var firedAfterCreation: Bool?
    /// Whether changing count fired the handler of a tracking that read count.
    var firedAfterRead: Bool?
    /// Whether the summary made at creation said the count the model was created with.
    var summaryRight: Bool?
    /// The fewest times init gave up its thread to wait, over several creations: a read on
    /// another thread, hidden from the creating thread's tracking, is waited for. Nil where
    /// the platform does not count a thread's waits.
    var initWaits: Int?

    public init() {}
}

// MARK: - ObservationCheck

/// Exercise 12's check: the handlers fire exactly where a dependency was meant.
public enum ObservationCheck<Model: CountingModel>: ExerciseChecker {
    public static var exercise: Exercise { .observation }
    public static var usesStore: Bool { false }

    public static func measure(_ record: Recorder<CountingMeasurements>) async throws {
        record.step("creating the model inside withObservationTracking, then changing count")
        let created = AtomicFlag()
        // A count of the run's own, so that no fixed summary can be right by chance.
        let initial = Int(record.data.seed % 900) + 100
        let model = withObservationTracking { Model(count: initial) } onChange: { created.raise() }
        record.record { $0.summaryRight = model.summary == "\(initial) notes" }
        model.count += 1
        record.record { $0.firedAfterCreation = created.isRaised }

        record.step("creating the model \(creations) more times, counting the times init waits")
        let waits = (0..<creations).compactMap { _ in Self.waitsOf { _ = Model(count: initial) } }
        // The median: a turn at the allocator's lock on a busy machine is rare, and must
        // happen in three creations of five to count; a hop to another thread blocks in
        // nearly every one, but now and then the other thread is done before init waits.
        record.record { $0.initWaits = waits.isEmpty ? nil : waits.sorted()[waits.count / 2] }

        record.step("reading count inside withObservationTracking, then changing it")
        let read = AtomicFlag()
        withObservationTracking { _ = model.count } onChange: { read.raise() }
        model.count += 1
        record.record { $0.firedAfterRead = read.isRaised }
    }

    /// Creations watched for waits: the fewest counts, so that a turn at the allocator's lock
    /// on a busy machine is not a wait of init's own.
    static var creations: Int { 5 }

    /// The times the calling thread gave up its core to wait while `work` ran.
    private static func waitsOf(_ work: () -> Void) -> Int? {
        guard let before = ProcessUsage.thisThread() else { return nil }
        work()
        return ProcessUsage.thisThread().map { $0.voluntarySwitches - before.voluntarySwitches }
    }

    public static func checks(_ measured: CountingMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let creationExpected = "no: creating the model registers no dependency, and init waits for no other thread"
        let initWaits = measured.initWaits ?? 0
        let summaryExpected = "the summary made in init says the count the model was created with"
        let readExpected = "yes: a change of count fires a handler that read it"
        return [
            .runsToTheEnd(run),
            .of(.creation, measured.firedAfterCreation, expected: creationExpected, run: run) { fired in
                let waited = Check.count(Double(initWaits), "time")
                let waitsMeasured = measured.initWaits.map { _ in "; init waited \(waited) in the median of \(creations) creations" }
                let hopProblem = "init waited for another thread (it gave up its thread \(waited) in at least three of \(creations) "
                    + "creations): the tracking records the reads of the thread that creates the model, so a read made "
                    + "elsewhere is hidden, not avoided, and the creating thread (in an app, the main thread drawing a view) "
                    + "is parked meanwhile. Build the summary without reading count at all"
                let readProblem = "changing count fired the handler of the tracking that only created the model: "
                    + "init read an observable property, and that read registered a dependency"
                return .verify(
                    .creation, !fired && initWaits == 0, expected: creationExpected,
                    measured: (fired ? "fired" : "did not fire") + (waitsMeasured ?? "; init's waits not counted on this platform"),
                    problem: fired ? readProblem : hopProblem
                )
            },
            .holds(
                .tracking, measured.firedAfterRead, expected: readExpected, measured: ("fired", "did not fire"),
                problem: "changing count did not fire a handler that read it: count is no longer observed", run: run
            ),
            .holds(
                .summary, measured.summaryRight, expected: summaryExpected, measured: ("right", "wrong"),
                problem: "the summary made in init does not say \"N notes\" for the count N the model was "
                    + "created with: init must still build it, from the value without the tracked read",
                run: run
            ),
        ]
    }
}
