internal import Demos
import WorkshopKit
import CustomExecutorStore
import Workload
import RowKit

// MARK: - Exercise 4: a custom executor

extension Exercise {
    package static let customExecutor = Exercise(
        number: 4, slug: "custom-executor",
        goal: "put the actor on its context's queue (NoteModelActor) and drop every perform { }",
        demo: CustomExecutorDemo.self,
        files: ["ModelArchive.swift"],
        hints: [
            """
            This actor is correct, and it pays twice for every call: a hop into the actor, \
            then a job on the queue through perform. An actor whose executor is the context's \
            queue pays once, and its methods may use the context directly.
            """,
            """
            Conform to NoteModelActor (Sources/Patterns/CustomExecutorStore/NoteModelActor.swift): it asks \
            for a nonisolated `modelExecutor: ContextExecutor` and a `context`, and points the \
            actor's unownedExecutor at the executor. SwiftData's @ModelActor writes the same.
            """,
            """
            `nonisolated let modelExecutor: ContextExecutor` and `let context: NoteContext`; in \
            init, make the context, then `modelExecutor = ContextExecutor(context: context)`. \
            Then each method is one line, `try context.importBatch(batch)`, with no perform.
            """,
        ],
        startingFailure: .check("executor"),
        entryPoint: "CustomExecutorCheck<ModelArchive>", checkIDs: [.store, .contexts, .executor, .queue, .trap, .checksum, .reads, .done, .failure, .perform, .hops, .dispatches, .races, .waits],
        escapeAdvice: "keep the context inside the actor, on an executor built on the context's queue",
        minutes: 20,
        starterShows: "exercise 3's answer: a hop and a `perform` job per call",
        passesWhen: """
            a `NoteModelActor` whose executor is its own context's queue: 0 `perform` jobs, 2 hops \
            and 1 queue dispatch per call
            """,
        teaches: """
            An actor whose executor is the context's queue (`@ModelActor`, by hand) uses the \
            context directly: one job and two hops a call, no `perform`.
            """,
        wrongFixes: [
            WrongFix(
                name: "ElsewhereExecutorArchive", kind: .ignoresWhatIsHandedIn, refusedBy: .queue,
                because: "not built on its own context's queue"
            ),
            WrongFix(
                name: "TaskImportModelArchive", kind: .skipsTheWork, refusedBy: .done,
                because: "returned before its work was done"
            ),
            WrongFix(
                name: "KeptErrorModelArchive", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "HeldNotesModelArchive", kind: .keepsTheMisconception, refusedBy: .reads,
                because: "a later save"
            ),
        ]
    )
}

// MARK: - CustomExecutorCheck

/// Exercise 4's check: an actor on its context's executor, one job and two hops a call.
public enum CustomExecutorCheck<Archive: NoteArchive>: ExerciseChecker {
    public static var exercise: Exercise { .customExecutor }
    public static var contextPlacement: ContextPlacement { .onTheirOwnQueues }

    public static func measure(_ record: Recorder<ArchiveMeasurements>) async throws {
        try await Archive.measure(record)
    }

    public static func checks(_ measured: ArchiveMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let declared = RowDescriptor.customExecutor.expectedHops!.hops(.snapshot)
        let executorExpected = "an actor on its context's executor (NoteModelActor)"
        let performExpected = "0 perform jobs per call"
        let queueExpected = "the actor's jobs run on its own context's queue"
        return [
            .holds(
                .executor, measured.isModelActor, expected: executorExpected, measured: ("a NoteModelActor", "a default actor"),
                problem: "the actor runs on the default executor, the cooperative pool, so every method "
                    + "must enter the context's queue with perform: conform to NoteModelActor",
                run: run
            ),
            .holds(
                .queue, measured.executorOnItsContextsQueue, expected: queueExpected,
                measured: ("on its context's queue", "on another queue"),
                problem: "the actor's executor is not built on its own context's queue: its jobs run on a queue "
                    + "the context does not belong to, so touching the context there is a wrong-queue access. "
                    + "Build modelExecutor from the context the actor uses: ContextExecutor(context: context)",
                run: run
            ),
            .runsToTheEnd(run),
        ] + Check.archiveOutcome(measured, of: Archive.self, run: run, data: data) + [
            .of(.perform, measured.performJobsPerCall, expected: performExpected, run: run) { jobs in
                .verify(
                    .perform, jobs == 0, expected: performExpected, measured: "\(Check.count(jobs, "perform job")) per call",
                    problem: "\(Check.count(jobs, "job")) per call reached the queue through perform { }, besides the "
                        + "actor's own: the actor's code should use the context directly"
                )
            },
            .hops(
                measured.perCall, budget: Double(declared.lowerBound)...Double(declared.upperBound), per: "call",
                why: "into the actor on the context's queue, and back to the caller", run: run
            ),
            .dispatches(measured.perCall, budget: 1...1, per: "call", why: "one job on the queue: the actor's", run: run),
        ]
    }
}
