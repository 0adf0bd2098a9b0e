internal import Demos
import WorkshopKit
import NoteStore

// MARK: - Exercise 2: the debug switch

extension Exercise {
    package static let debugSwitch = Exercise(
        number: 2, slug: "debug-switch",
        goal: "turn the concurrency-debug switch on, then fix the wrong-queue access it finds",
        demo: DebugTrapDemo.self,
        files: ["NoteTitles.swift"],
        hints: [
            """
            makeContainer() opens the database with concurrencyDebug: false. Core Data's \
            -com.apple.CoreData.ConcurrencyDebug 1 is the same switch: pass true, check again, \
            and read what the trap names.
            """,
            """
            The trap names a property of a note. performAndWait ran the lookup on the queue, \
            but the note it returned belongs to that queue too: reading it afterwards is the \
            wrong-queue access.
            """,
            """
            Read what you need inside the closure and return only values: \
            `try await context.perform { context in try ids.map { try context.existingObject(with: $0).title } }` \
            reads every title in one job on the queue.
            """,
        ],
        startingFailure: .check("switch"),
        entryPoint: "DebugSwitchCheck<NoteTitles>", checkIDs: [.store, .`switch`, .trap, .titles, .failure, .races, .waits],
        allows: [.nonisolatedUnsafe],
        escapeAdvice: "the one nonisolated(unsafe) the class needs is its context's, a promise that every use goes through perform",
        minutes: 15,
        starterShows: "the switch is off, and a note is read after `performAndWait` returned it",
        passesWhen: "the switch is on in `makeContainer()`, no trap, the titles right",
        teaches: """
            The debug switch turns a silent wrong-queue access into a crash at the line that does \
            it; an object returned from `performAndWait` still belongs to the queue.
            """,
        wrongFixes: [
            WrongFix(
                name: "WaitingTitles", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "on the cooperative pool"
            ),
            WrongFix(
                name: "ConditionLockTitles", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
            WrongFix(
                name: "LoadedOnceTitles", kind: .keepsTheMisconception, refusedBy: .titles,
                because: "a later save"
            ),
            WrongFix(
                name: "LenientTitles", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "ReflectedTitles", kind: .removesTheIsolation, refusedBy: .source,
                because: "reflection (Mirror, dump) reads"
            ),
        ]
    )
}

// MARK: - TitleMeasurements

/// What a run of a ``TitleReader`` measured.
public struct TitleMeasurements: MeasuresPromises {
    var debugSwitchOn: Bool?
    var titles: [String]?
    /// The same titles read again, after another context renamed some of the notes.
    var titlesLater: [String]?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - DebugSwitchCheck

/// Exercise 2's check: the switch is on, nothing traps, and the titles are right.
public enum DebugSwitchCheck<Reader: TitleReader>: ExerciseChecker {
    public static var exercise: Exercise { .debugSwitch }

    public static func measure(_ record: Recorder<TitleMeasurements>) async throws {
        record.step("opening the container of makeContainer()")
        let data = record.data
        let container = try Reader.makeContainer()
        WorkshopData.adopt(container)
        record.record { $0.debugSwitchOn = container.options.concurrencyDebug }
        record.step("importing the notes")
        try await data.seeded(container)
        record.step("reading \(data.readIDs.count) titles")
        let reader = try Reader(container: container)
        let titles = try await reader.titles(of: data.readIDs)
        record.record { $0.titles = titles }
        record.step("reading them again, after another context renamed some of the notes")
        try await data.saveLater(renamedLater(data), in: container)
        let titlesLater = try await reader.titles(of: data.readIDs)
        record.record { $0.titlesLater = titlesLater }
        record.step("reading titles while a read of one of the notes fails")
        let failing = data.unreadIDs(1)[0]
        await record.failingReads("titles(of:)", of: failing, in: container) {
            _ = try await reader.titles(of: [data.readIDs[0], failing])
        }
    }

    /// The notes another context renames once the titles were read: five of those read.
    static func renamedLater(_ data: WorkshopData) -> [NoteSnapshot] {
        Array(Set(data.readIDs)).sorted().prefix(5).map { data.editedLater(data.note($0)) }
    }

    public static func checks(_ measured: TitleMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let expectedTitles = data.readIDs.map { data.note($0).title }
        let renamed = Dictionary(uniqueKeysWithValues: renamedLater(data).map { ($0.id, $0.title) })
        let laterTitles = data.readIDs.map { renamed[$0] ?? data.note($0).title }
        let titlesExpected = "the \(expectedTitles.count) titles of the reference model"
        return [
            .of(.`switch`, measured.debugSwitchOn, expected: "the concurrency-debug switch on in makeContainer()", run: run) { on in
                .verify(
                    .`switch`, on, expected: "the concurrency-debug switch on in makeContainer()",
                    measured: "the switch is \(on ? "on" : "off")",
                    problem: "the concurrency-debug switch is off in makeContainer(): with it off, a wrong-queue "
                        + "access runs silently, and whatever it reads is right only by luck"
                )
            },
            .runsToTheEnd(run),
            .of(.titles, measured.titles, expected: titlesExpected, run: run) { titles in
                let wrong = Self.wrong(titles, expectedTitles)
                let later = measured.titlesLater.map { Self.wrong($0, laterTitles) }
                return .verify(
                    .titles, wrong == 0 && later == 0, expected: titlesExpected,
                    measured: wrong == 0
                        ? "the \(titles.count) titles of the reference model; after a later save, "
                            + (later.map { "\($0) wrong" } ?? "not read")
                        : "\(wrong) titles wrong",
                    problem: wrong > 0
                        ? "\(wrong) of \(expectedTitles.count) titles differ from the reference model's"
                        : "after another context renamed some notes (a later save), \(later ?? 0) of the "
                            + "\(laterTitles.count) titles read again were not the new ones: titles kept from an "
                            + "earlier read are stale as soon as another context saves. Read them in the job that "
                            + "returns them"
                )
            },
            .failure(measured.promises, run: run),
        ]
    }

    /// How many of `titles` differ from `expected`, counting missing and extra ones.
    private static func wrong(_ titles: [String], _ expected: [String]) -> Int {
        zip(titles, expected).filter { $0 != $1 }.count + abs(titles.count - expected.count)
    }
}
