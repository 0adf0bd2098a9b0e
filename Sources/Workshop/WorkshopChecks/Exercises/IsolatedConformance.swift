internal import Demos
import WorkshopKit
import NoteStore
import Workload

// MARK: - Exercise 18: isolated conformances

extension Exercise {
    package static let isolatedConformance = Exercise(
        number: 18, slug: "isolated-conformance",
        goal: "decode the records on the importer's actor: the main-actor default isolates their Codable conformance",
        demo: IsolatedConformanceDemo.self,
        files: ["NoteImport.swift"],
        hints: [
            """
            Read the compiler's error: it is about NoteRecord's conformance to Decodable, not \
            about the importer. This file is compiled with the main actor as its default \
            isolation, and NoteRecord states none. What is its conformance to Codable isolated \
            to?
            """,
            """
            The default isolates NoteRecord, and its conformances, to the main actor \
            (SE-0470). records(as:) wants a Sendable record type, and a conformance isolated to \
            the main actor never satisfies a requirement of a Sendable type parameter: the code \
            could send a record to another actor and decode it there. Declaring NoteRecord \
            Sendable changes nothing, and so does @MainActor; @preconcurrency compiles, then \
            stops the run.
            """,
            """
            Write `nonisolated struct NoteRecord: Codable`: a record of plain data belongs to \
            no actor, so the importer's actor may decode it. `struct NoteRecord: nonisolated \
            Codable` marks only the conformance, and works too.
            """,
        ],
        startingFailure: .compileError(containing: "main actor-isolated conformance"),
        entryPoint: "IsolatedConformanceCheck<RecordImporter>", checkIDs: [.store, .trap, .decoded, .mainActor, .checksum, .done, .failure, .waits],
        escapeAdvice: "mark the record type, or its conformance, nonisolated",
        defaultIsolation: .mainActor,
        minutes: 10,
        starterShows: """
            compiled with the main actor as its default isolation, an actor decodes a record whose \
            `Codable` conformance is the main actor's: it does not compile
            """,
        passesWhen: """
            every record decoded, none on the main actor, no run-time isolation trap, the checksum \
            right
            """,
        teaches: """
            With the main actor as a module's default isolation, a record's `Codable` conformance \
            is the main actor's, and an actor cannot decode with it: mark the record \
            `nonisolated`. Declaring it `Sendable` changes nothing; `@preconcurrency` compiles and \
            stops the run.
            """,
        wrongFixes: [
            WrongFix(
                name: "PreconcurrencyImporter", kind: .removesTheIsolation, refusedBy: .trap,
                because: "A conformance marked @preconcurrency compiles"
            ),
            WrongFix(
                name: "MainActorDecodingImporter", kind: .keepsTheMisconception, refusedBy: .mainActor,
                because: "records decoded on the main actor"
            ),
            WrongFix(
                name: "TitleOnlyImporter", kind: .skipsTheWork, refusedBy: .checksum,
                because: "the database does not hold what was imported"
            ),
            WrongFix(
                name: "OptionalTryRecordImporter", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "TaskRecordImporter", kind: .skipsTheWork, refusedBy: .done,
                because: "returned before its work was done"
            ),
            WrongFix(
                name: "SelectPollingRecordImporter", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
        ]
    )
}

// MARK: - RecordImportMeasurements

/// What a run of a ``RecordImporting`` measured.
public struct RecordImportMeasurements: MeasuresPromises {
    var recordsDecoded: Int?
    var recordsOnMainActor: Int?
    var checksum: Checksum?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - IsolatedConformanceCheck

/// Exercise 18's check: the file's records are all decoded, none of them on the main actor,
/// through the learner's record type, and the database then holds the reference model's
/// notes.
///
/// The compiler does most of the grading: a record type whose `Decodable` conformance is
/// isolated to the main actor does not compile with ``RecordFile/records(as:)``, which
/// requires `Sendable` (SE-0470). The run grades what compiles: a `@preconcurrency`
/// conformance stops it (SE-0423's run-time check in the conformance's witnesses), a decode
/// moved onto the main actor is counted there, and the checksum shows whether the records
/// held the notes.
public enum IsolatedConformanceCheck<Importer: RecordImporting>: ExerciseChecker {
    public static var exercise: Exercise { .isolatedConformance }

    public static func measure(_ record: Recorder<RecordImportMeasurements>) async throws {
        let data = record.data
        let container = try data.container()
        record.step("putting the folders of the file's notes into the database")
        try await data.importThroughTheCheck([NoteBatch(folders: data.folders)], into: container)
        let file = try RecordFile(notes: data.notes)
        record.step("importing a file of \(data.notes.count) records from the main actor")
        let importer = try await makeImporter(container)
        let witness = await DatabaseWitness.opened(container)
        try await record.done("importFile(_:)", writes: data.notes, seenBy: witness) { @MainActor in
            try await importer.importFile(file)
        }
        let decoded = RecordFile.decoded
        record.record {
            $0.recordsDecoded = decoded.records
            $0.recordsOnMainActor = decoded.onMainActor
        }
        record.step("reading the checksum")
        let checksum = try await data.checksum(of: container)
        record.record { $0.checksum = checksum }

        record.step("importing one more file while a save of it fails")
        await record.failingBatch("importFile(_:)", in: container, seenBy: witness) { @MainActor batch in
            try await importer.importFile(RecordFile(notes: batch.notes))
        }
    }

    /// The importer, made as an app's Import button makes it: on the main actor, which
    /// then hands it the files.
    @MainActor
    private static func makeImporter(_ container: NoteContainer) async throws -> Importer {
        try Importer(container: container)
    }

    public static func checks(_ measured: RecordImportMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let records = data.notes.count
        let decodedExpected = "every record of the file decoded with RecordFile.records(as:), once"
        let mainExpected = "0 records decoded on the main actor"
        return [
            trap(run),
            .of(.decoded, measured.recordsDecoded, expected: decodedExpected, run: run) { decoded in
                .verify(
                    .decoded, decoded == records, expected: decodedExpected, measured: "\(decoded) of \(records) records decoded",
                    problem: "\(decoded) of the file's \(records) records were decoded: the importer must decode the file "
                        + "it is given with RecordFile.records(as:), once, and import what it decoded"
                )
            },
            .of(.mainActor, measured.recordsOnMainActor, expected: mainExpected, run: run) { onMain in
                let of = "\(onMain) of \(measured.recordsDecoded ?? 0) records decoded on the main actor"
                return .verify(
                    .mainActor, onMain == 0, expected: mainExpected, measured: of,
                    problem: "\(of): the decoding ran where the interface runs, and would freeze it. Keep it on the "
                        + "importer's actor, and make the record's conformance one that actor can use: mark the "
                        + "record type, or its conformance, nonisolated"
                )
            },
            .checksum(measured.checksum, reference: data.expectedChecksum, run: run),
            .done(measured.promises, run: run),
            .failure(measured.promises, run: run),
        ]
    }

    /// `trap`, with what Swift's run-time isolation check means here: a conformance marked
    /// `@preconcurrency` compiled, and its witnesses check at run time where they run.
    private static func trap(_ run: ChildRun) -> Check {
        var check = Check.runsToTheEnd(run)
        if let stop = run.stop, stop.kind == .isolationCheck {
            check.problem = (check.problem ?? stop.description)
                + ". A conformance marked @preconcurrency compiles, and Swift then checks at run time (SE-0423) that "
                + "its init(from:) runs on the main actor, which the importer's actor is not: mark the record type, "
                + "or its conformance, nonisolated instead"
        }
        return check
    }
}
