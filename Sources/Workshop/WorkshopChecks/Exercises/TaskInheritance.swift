internal import Demos
import WorkshopKit
import NoteStore
import Workload

// MARK: - Exercise 8: Task versus Task.detached

extension Exercise {
    package static let taskInheritance = Exercise(
        number: 8, slug: "task-inheritance",
        goal: "parse the import file off the main actor: Task { } inherits it, Task.detached does not",
        demo: TaskInheritanceDemo.self,
        files: ["ImportButton.swift"],
        hints: [
            """
            The Task { } was meant to move the work to the background. Where does a Task { } \
            created in a @MainActor method start?
            """,
            """
            Task { } inherits the actor of the code that creates it: here the main actor, so \
            NoteFile.batch(from:) parses every line there while the interface waits. A detached \
            task, or a @concurrent function, inherits no actor.
            """,
            """
            Write `Task.detached { … }` instead of `Task { … }`; the closure already captures \
            only Sendable values (the lines and the container).
            """,
        ],
        startingFailure: .check("main-actor"),
        entryPoint: "TaskInheritanceCheck<ImportButton>", checkIDs: [.store, .trap, .parsed, .mainActor, .checksum, .done, .failure, .waits],
        minutes: 10,
        starterShows: "`Task { }` in a `@MainActor` method parses the whole file on the main actor",
        passesWhen: "every line parsed, none on the main actor, the checksum right",
        teaches: "`Task { }` inherits the main actor; `Task.detached` does not.",
        wrongFixes: [
            WrongFix(
                name: "UnparsedImporter", kind: .neverTouchesTheDatabase, refusedBy: .parsed,
                because: "lines were parsed"
            ),
            WrongFix(
                name: "PrivateQueueImporter", kind: .blocksInsteadOfAwaiting, refusedBy: .source,
                because: "a synchronous queue call parks the calling thread"
            ),
            WrongFix(
                name: "SpinningImportButton", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
            WrongFix(
                name: "OptionalTryImportButton", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "ScheduledSaveImportButton", kind: .skipsTheWork, refusedBy: .done,
                because: "returned before its work was done"
            ),
            WrongFix(
                name: "LaunderedContextImportButton", kind: .removesTheIsolation, refusedBy: .source,
                because: "an unsafe pointer"
            ),
        ]
    )
}

// MARK: - ImportMeasurements

/// What a run of a ``NoteImporting`` measured.
public struct ImportMeasurements: MeasuresPromises {
    var linesInFile: Int?
    var linesParsed: Int?
    var linesOnMainActor: Int?
    var checksum: Checksum?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - TaskInheritanceCheck

/// Exercise 8's check: the file is imported whole, and none of it was parsed on the main actor.
public enum TaskInheritanceCheck<Importer: NoteImporting>: ExerciseChecker {
    public static var exercise: Exercise { .taskInheritance }

    public static func measure(_ record: Recorder<ImportMeasurements>) async throws {
        let data = record.data
        let container = try data.container()
        let lines = NoteFile.lines(for: data.plan.setup)
        record.record { $0.linesInFile = lines.count }
        record.step("importing a file of \(lines.count) lines from the main actor")
        let importer = await makeImporter(container)
        let witness = await DatabaseWitness.opened(container)
        try await record.done("importFile(_:)", writes: data.notes, seenBy: witness) { @MainActor in
            try await importer.importFile(lines)
        }
        let parsed = NoteFile.parsed
        record.record {
            $0.linesParsed = parsed.lines
            $0.linesOnMainActor = parsed.onMainActor
        }
        record.step("reading the checksum")
        let checksum = try await data.checksum(of: container)
        record.record { $0.checksum = checksum }

        record.step("importing one more file while a save of it fails")
        await record.failingBatch("importFile(_:)", in: container, seenBy: witness) { @MainActor batch in
            try await importer.importFile(NoteFile.lines(for: [batch]))
        }
    }

    /// The Import button's model, made as a SwiftUI view makes it: on the main actor. Its
    /// taps are calls from the main actor too.
    @MainActor
    private static func makeImporter(_ container: NoteContainer) -> Importer {
        Importer(container: container)
    }

    public static func checks(_ measured: ImportMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let expected = "0 lines parsed on the main actor"
        let lines = measured.linesInFile ?? 0
        let parsedExpected = "every line of the file parsed with NoteFile.batch(from:), once"
        return [
            .runsToTheEnd(run),
            .of(.parsed, measured.linesParsed, expected: parsedExpected, run: run) { parsed in
                .verify(
                    .parsed, parsed == lines, expected: parsedExpected, measured: "\(parsed) of \(lines) lines parsed",
                    problem: "\(parsed) of the file's \(lines) lines were parsed: the import must parse the file it "
                        + "is given with NoteFile.batch(from:), once, and save what it parsed"
                )
            },
            .of(.mainActor, measured.linesOnMainActor, expected: expected, run: run) { onMain in
                let of = "\(onMain) of \(measured.linesParsed ?? 0) lines parsed on the main actor"
                return .verify(
                    .mainActor, onMain == 0, expected: expected, measured: of,
                    problem: "\(of): the import's work ran where the interface runs, and would freeze it"
                )
            },
            .checksum(measured.checksum, reference: data.expectedChecksum, run: run),
            .done(measured.promises, run: run),
            .failure(measured.promises, run: run),
        ]
    }
}
