internal import Demos
import WorkshopKit
import CustomExecutorStore
import NoteStore
import Workload
internal import Support

// MARK: - Exercise 16: a model actor made on the main actor

extension Exercise {
    package static let modelActorOnMain = Exercise(
        number: 16, slug: "model-actor-on-main",
        goal: "make the screen's model actor off the main actor, so that its import runs off it too",
        demo: ModelActorOnMainDemo.self,
        files: ["ImportPanel.swift"],
        hints: [
            """
            FileImporter is a model actor: its jobs run on its context's queue. Which queue \
            is that? The check's container binds a context made on the main actor to the main \
            queue (bindsMainActorContextsToMainQueue), the behaviour lesson 16 describes.
            """,
            """
            An actor's initializer is synchronous and runs where it is called: here in \
            makeImporter(), a @MainActor method. The context, and so every job of the \
            "background" actor, lands on the main queue. Make the actor where no actor is.
            """,
            """
            In makeImporter(), `let container = container`, then \
            `return try await Task.detached { try FileImporter(container: container) }.value`; \
            or give FileImporter a `@concurrent static func make(container:) async throws` and \
            call that.
            """,
        ],
        startingFailure: .check("main-actor"),
        entryPoint: "ModelActorOnMainCheck<ImportPanel>",
        checkIDs: [.store, .trap, .parsed, .mainActor, .executor, .checksum, .done, .failure, .waits],
        escapeAdvice: "keep the importer a model actor, and make it off the main actor",
        minutes: 10,
        starterShows: """
            a screen makes its model actor in `@MainActor` code: its context, and its import, run \
            on the main queue
            """,
        passesWhen: """
            0 lines parsed on the main actor; the importer made off the main actor, its jobs on a \
            queue of its own; the checksum right
            """,
        teaches: """
            A model actor runs on its context's queue, and a context made on the main actor can be \
            bound to the main queue: make the actor off the main actor (`Task.detached`, a \
            `@concurrent` factory).
            """,
        wrongFixes: [
            WrongFix(
                name: "ImportPanelInATask", kind: .keepsTheMisconception, refusedBy: .mainActor,
                because: "lines parsed on the main actor"
            ),
            WrongFix(
                name: "ImportPanelDetachedParse", kind: .keepsTheMisconception, refusedBy: .executor,
                because: "the importer's jobs run on the main queue"
            ),
            WrongFix(
                name: "ImportPanelOwnQueue", kind: .keepsTheMisconception, refusedBy: .executor,
                because: "given a queue of its own"
            ),
            WrongFix(
                name: "ImportPanelOptionalImport", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "ImportPanelTaskImport", kind: .skipsTheWork, refusedBy: .done,
                because: "returned before its work was done"
            ),
            WrongFix(
                name: "ImportPanelHandedContext", kind: .keepsTheMisconception, refusedBy: .executor,
                because: "its executor"
            ),
        ]
    )
}

// MARK: - PlacementMeasurements

/// What a run of an ``ImportScreenModel`` measured.
public struct PlacementMeasurements: MeasuresPromises {
    var linesInFile: Int?
    var linesParsed: Int?
    var linesOnMainActor: Int?
    /// Where a job of the importer ran: on the main queue, and on its context's queue.
    var jobOnMainQueue: Bool?
    var jobOnItsContextsQueue: Bool?
    /// Whether the importer's context was made on the main actor.
    var contextMadeOnMainActor: Bool?
    /// Whether the importer's executor, made with the actor, was made on the main actor.
    var executorMadeOnMainActor: Bool?
    var checksum: Checksum?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - ModelActorOnMainCheck

/// Exercise 16's check: the screen, on the main actor, makes its importer and imports a
/// file through it, in a container that binds contexts made on the main actor to the main
/// queue; no line may be parsed there, and the importer's jobs must run on a queue of its own.
public enum ModelActorOnMainCheck<Screen: ImportScreenModel>: ExerciseChecker {
    public static var exercise: Exercise { .modelActorOnMain }

    public static func measure(_ record: Recorder<PlacementMeasurements>) async throws {
        let data = record.data
        let container = try NoteContainer(
            location: .inMemory, options: .init(concurrencyDebug: true, bindsMainActorContextsToMainQueue: true)
        )
        WorkshopData.adopt(container)
        let lines = NoteFile.lines(for: data.plan.setup)
        record.record { $0.linesInFile = lines.count }
        record.step("making the importer on the main actor and importing a file of \(lines.count) lines")
        let importer = try await makeImporter(container)
        let witness = await DatabaseWitness.opened(container)
        try await record.done("importFile(_:)", writes: data.notes, seenBy: witness) { @MainActor in
            try await importer.importFile(lines)
        }
        let placement = await importer.placement()
        let parsed = NoteFile.parsed
        record.record {
            $0.linesParsed = parsed.lines
            $0.linesOnMainActor = parsed.onMainActor
            $0.jobOnMainQueue = placement.onMainQueue
            $0.jobOnItsContextsQueue = placement.onItsContextsQueue
            $0.contextMadeOnMainActor = placement.contextMadeOnMainActor
            $0.executorMadeOnMainActor = placement.executorMadeOnMainActor
        }
        record.step("reading the checksum")
        let checksum = try await data.checksum(of: container)
        record.record { $0.checksum = checksum }

        record.step("importing one more file while a save of it fails")
        await record.failingBatch("importFile(_:)", in: container, seenBy: witness) { @MainActor batch in
            try await importer.importFile(NoteFile.lines(for: [batch]))
        }
    }

    /// What a view does: makes the screen, and lets it make its importer when it appears.
    /// The view then imports through that importer, from the main actor.
    @MainActor
    private static func makeImporter(_ container: NoteContainer) async throws -> Screen.Importer {
        try await Screen(container: container).makeImporter()
    }

    public static func checks(_ measured: PlacementMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let lines = measured.linesInFile ?? 0
        let parsedExpected = "every line of the file parsed with NoteFile.batch(from:), once"
        let mainExpected = "0 lines parsed on the main actor"
        let executorExpected = "the importer made off the main actor: its jobs on its context's queue, not the main queue"
        return [
            .runsToTheEnd(run),
            .of(.parsed, measured.linesParsed, expected: parsedExpected, run: run) { parsed in
                .verify(
                    .parsed, parsed == lines, expected: parsedExpected, measured: "\(parsed) of \(lines) lines parsed",
                    problem: "\(parsed) of the file's \(lines) lines were parsed: importFile(_:) must parse the lines "
                        + "it is given with NoteFile.batch(from:), once, and save what it parsed"
                )
            },
            .of(.mainActor, measured.linesOnMainActor, expected: mainExpected, run: run) { onMain in
                let of = "\(onMain) of \(measured.linesParsed ?? 0) lines parsed on the main actor"
                return .verify(
                    .mainActor, onMain == 0, expected: mainExpected, measured: of,
                    problem: "\(of): the importer's import ran where the interface runs, and would freeze it. A "
                        + "model actor runs on its context's queue, and a context made on the main actor is on the "
                        + "main queue"
                )
            },
            .of(.executor, measured.jobOnMainQueue, expected: executorExpected, run: run) { onMain in
                let onItsQueue = measured.jobOnItsContextsQueue ?? false
                let contextOnMain = measured.contextMadeOnMainActor ?? true
                let executorOnMain = measured.executorMadeOnMainActor ?? true
                let madeOnMain = [contextOnMain ? "its context" : nil, executorOnMain ? "its executor" : nil].compactMap { $0 }
                let made = madeOnMain.isEmpty
                    ? "made off the main actor (its context and its executor)"
                    : "\(madeOnMain.joined(separator: " and ")) made on the main actor"
                return .verify(
                    .executor, !onMain && onItsQueue && madeOnMain.isEmpty, expected: executorExpected,
                    measured: onMain ? "on the main queue, \(made)" : !onItsQueue ? "on another queue, \(made)"
                        : "on its context's queue, \(made)",
                    problem: onMain
                        ? "the importer's jobs run on the main queue: it was made on the main actor, so its context "
                            + "is bound to the main queue, and every one of its methods runs there, whatever one of "
                            + "them hands to another task. Make the importer off the main actor"
                        : !onItsQueue
                        ? "the importer's jobs do not run on its context's queue: keep it a model actor, whose "
                            + "executor is its context's queue"
                        : "the importer's jobs run on a queue of their own, but \(madeOnMain.joined(separator: " and ")) "
                            + "\(madeOnMain.count == 1 ? "was" : "were") made on the main actor: its context runs elsewhere only "
                            + "because it was given a queue of its own or made apart from the actor. SwiftData's "
                            + "ModelContext(_:) takes a container and no queue, and lesson 16 is where a model actor runs "
                            + "when made on the main actor. Make the importer, with its context, off the main actor"
                )
            },
            .checksum(measured.checksum, reference: data.expectedChecksum, run: run),
            .done(measured.promises, run: run),
            .failure(measured.promises, run: run),
        ]
    }
}

// MARK: - Where the importer runs

/// Where one job of an importer ran.
struct Placement: Sendable {
    var onMainQueue: Bool
    var onItsContextsQueue: Bool
    var contextMadeOnMainActor: Bool
    var executorMadeOnMainActor: Bool
}

extension FileImportingActor {
    /// Where this job of the actor runs: the check's question, asked inside the actor.
    fileprivate func placement() -> Placement {
        Placement(
            onMainQueue: ContextQueue.main.isCurrent, onItsContextsQueue: runsOnItsContextsQueue(),
            contextMadeOnMainActor: context.madeOnMainQueue, executorMadeOnMainActor: modelExecutor.madeOnMainQueue
        )
    }
}
