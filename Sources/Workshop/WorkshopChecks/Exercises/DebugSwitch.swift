import WorkshopKit
import NoteStore

// MARK: - Exercise 2: the debug switch

extension Exercise {
    package static let debugSwitch = Exercise(
        number: 2, slug: "debug-switch", lesson: 2,
        goal: "turn the concurrency-debug switch on, then fix the wrong-queue access it finds",
        chapter: "Docs/LabGuide.docc/QueuePerform.md#The-debug-trap", demo: "debug-trap",
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
        entryPoint: "DebugSwitchCheck<NoteTitles>", checkIDs: ["store", "switch", "trap", "titles", "waits"],
        allows: [.nonisolatedUnsafe],
        escapeAdvice: "the one nonisolated(unsafe) the class needs is its context's, a promise that every use goes through perform"
    )
}

// MARK: - TitleMeasurements

/// What a run of a ``TitleReader`` measured.
public struct TitleMeasurements: Measurements {
    var debugSwitchOn: Bool?
    var titles: [String]?

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
        let titles = try await Reader(container: container).titles(of: data.readIDs)
        record.record { $0.titles = titles }
    }

    public static func checks(_ measured: TitleMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        let expectedTitles = data.readIDs.map { data.note($0).title }
        let titlesExpected = "the \(expectedTitles.count) titles of the reference model"
        return [
            .of("switch", measured.debugSwitchOn, expected: "the concurrency-debug switch on in makeContainer()", run: run) { on in
                .verify(
                    "switch", on, expected: "the concurrency-debug switch on in makeContainer()",
                    measured: "the switch is \(on ? "on" : "off")",
                    problem: "the concurrency-debug switch is off in makeContainer(): with it off, a wrong-queue "
                        + "access runs silently, and whatever it reads is right only by luck"
                )
            },
            .runsToTheEnd(run),
            .of("titles", measured.titles, expected: titlesExpected, run: run) { titles in
                let wrong = zip(titles, expectedTitles).filter { $0 != $1 }.count + abs(titles.count - expectedTitles.count)
                return .verify(
                    "titles", wrong == 0, expected: titlesExpected,
                    measured: wrong == 0 ? "the \(titles.count) titles of the reference model" : "\(wrong) titles wrong",
                    problem: "\(wrong) of \(expectedTitles.count) titles differ from the reference model's"
                )
            },
        ]
    }
}
