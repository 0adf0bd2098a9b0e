import WorkshopKit
internal import Support
import Observation

// MARK: - Exercise 12: observation's accidental dependency

extension Exercise {
    package static let observation = Exercise(
        number: 12, slug: "observation", lesson: 12,
        goal: "stop init from registering an observation dependency, and keep count observable",
        chapter: "Docs/LabGuide.docc/Observation.md", demo: "observation",
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
        entryPoint: "ObservationCheck<NoteCounter>", checkIDs: ["trap", "creation", "tracking", "summary"]
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

        record.step("reading count inside withObservationTracking, then changing it")
        let read = AtomicFlag()
        withObservationTracking { _ = model.count } onChange: { read.raise() }
        model.count += 1
        record.record { $0.firedAfterRead = read.isRaised }
    }

    public static func checks(_ measured: CountingMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let creationExpected = "no: creating the model registers no dependency"
        let summaryExpected = "the summary made in init says the count the model was created with"
        let readExpected = "yes: a change of count fires a handler that read it"
        return [
            .runsToTheEnd(run),
            .holds(
                "creation", measured.firedAfterCreation.map { !$0 }, expected: creationExpected,
                measured: ("did not fire", "fired"),
                problem: "changing count fired the handler of the tracking that only created the model: "
                    + "init read an observable property, and that read registered a dependency",
                run: run
            ),
            .holds(
                "tracking", measured.firedAfterRead, expected: readExpected, measured: ("fired", "did not fire"),
                problem: "changing count did not fire a handler that read it: count is no longer observed", run: run
            ),
            .holds(
                "summary", measured.summaryRight, expected: summaryExpected, measured: ("right", "wrong"),
                problem: "the summary made in init does not say \"N notes\" for the count N the model was "
                    + "created with: init must still build it, from the value without the tracked read",
                run: run
            ),
        ]
    }
}
