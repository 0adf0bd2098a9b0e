internal import Demos
import WorkshopKit
import GlobalActorStore
import NoteStore
import Workload
import RowKit

// MARK: - Exercise 5: a global actor's helpers

extension Exercise {
    package static let globalActor = Exercise(
        number: 5, slug: "global-actor",
        goal: "isolate the helper to @DatabaseActor instead of making it an actor: 2 hops per call",
        demo: GlobalActorDemo.self,
        files: ["NoteIndex.swift"],
        hints: [
            """
            Count the trips of one title(of:) call: into the database actor, out to \
            TitleCache and back, and back to you. The two in the middle buy nothing: the \
            cache is only ever used from the database actor.
            """,
            """
            Types isolated to one global actor share its executor, so they call each other \
            synchronously: no await, no hop. That is how the book's @ImageDatabase class \
            DiskStorage works.
            """,
            """
            Replace `actor TitleCache` with `@DatabaseActor final class TitleCache`, then \
            remove the `await`s before its calls in NoteIndex.
            """,
        ],
        startingFailure: .check("hops"),
        entryPoint: "GlobalActorCheck<NoteIndex>", checkIDs: [.store, .trap, .reads, .cache, .failure, .hops, .waits],
        escapeAdvice: "isolate TitleCache to @DatabaseActor instead; an unchecked class shared with no isolation is the data race the actor was there to prevent",
        minutes: 15,
        starterShows: "a `@DatabaseActor` class whose cache is an actor of its own: 4 hops per call",
        passesWhen: "2 hops per call, and a second read of a note answered by the cache",
        teaches: """
            Helpers isolated to the database's global actor cost no hop; a helper actor costs two \
            on every call.
            """,
        wrongFixes: [
            WrongFix(
                name: "UncheckedCacheIndex", kind: .removesTheIsolation, refusedBy: .source,
                because: "@unchecked Sendable switches off the compiler's isolation checking"
            ),
            WrongFix(
                name: "CachelessIndex", kind: .skipsTheWork, refusedBy: .cache,
                because: "read it from the database again"
            ),
            WrongFix(
                name: "DoubleCacheIndex", kind: .skipsTheWork, refusedBy: .hops,
                because: "a helper that is an actor of its own"
            ),
            WrongFix(
                name: "SpinningReaderIndex", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
            WrongFix(
                name: "OptionalTitleIndex", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "AddressCacheIndex", kind: .removesTheIsolation, refusedBy: .source,
                because: "an unsafe pointer"
            ),
        ]
    )
}

// MARK: - TitleIndexMeasurements

/// What a run of a ``TitleIndex`` measured.
public struct TitleIndexMeasurements: MeasuresPromises {
    var reads: Checksum?
    var perCall: PerCall?
    /// Notes read from the database by a second `title(of:)` of the same note.
    var rowsReadAgain: Int?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - GlobalActorCheck

/// Exercise 5's check: right titles, and a call costs what a global actor's call costs.
public enum GlobalActorCheck<Index: TitleIndex>: ExerciseChecker {
    public static var exercise: Exercise { .globalActor }

    public static func measure(_ record: Recorder<TitleIndexMeasurements>) async throws {
        let data = record.data
        record.step("importing the notes")
        let container = try await data.seeded()
        record.step("opening the index")
        let index = try await Index(container: container)
        record.step("counting the hops of title(of:) for \(CallMeter.calls) notes not read before")
        let firstReads = data.unreadIDs(CallMeter.calls)
        let perCall = try await CallMeter.perCall { call in _ = try await index.title(of: firstReads[call]) }
        record.record { $0.perCall = perCall }
        record.step("reading \(data.readIDs.count) titles")
        var reads = Checksum()
        for id in data.readIDs { reads.combine(try await index.title(of: id)) }
        record.record { $0.reads = reads }
        record.step("reading a title a second time")
        let id = data.readIDs[0]
        let rowsBefore = container.noteRowsRead
        _ = try await index.title(of: id)
        record.record { $0.rowsReadAgain = container.noteRowsRead - rowsBefore }
        record.step("reading a title whose read fails")
        let failing = data.unreadIDs(CallMeter.calls + 1).last!
        await record.failingReads("title(of:)", of: failing, in: container) { _ = try await index.title(of: failing) }
    }

    public static func checks(_ measured: TitleIndexMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        var reference = Checksum()
        for id in data.readIDs { reference.combine(data.note(id).title) }
        let cacheExpected = "a second title(of:) of a note answered by the cache: 0 notes read"
        let declared = RowDescriptor.globalActor.expectedHops!.hops(.title)
        return [
            .runsToTheEnd(run),
            .reads(measured.reads, reference: reference, run: run),
            .of(.cache, measured.rowsReadAgain, expected: cacheExpected, run: run) { rows in
                .verify(
                    .cache, rows == 0, expected: cacheExpected, measured: "\(Check.count(Double(rows), "note")) read again",
                    problem: "a second title(of:) of the same note read it from the database again: the cache is "
                        + "gone or unused. Keep TitleCache, isolated to @DatabaseActor, so NoteIndex calls it with no hop"
                )
            },
            .failure(measured.promises, run: run),
            .hops(
                measured.perCall, budget: Double(declared.lowerBound)...Double(declared.upperBound), per: "call",
                why: "into the database actor and back is 2; a helper that is an actor of its own adds a trip "
                    + "out and back on every call",
                run: run
            ),
        ]
    }
}
