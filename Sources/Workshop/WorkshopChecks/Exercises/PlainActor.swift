internal import Demos
import WorkshopKit
internal import PlainActorStore
import Workload
import RowKit

// MARK: - Exercise 3: a plain actor

extension Exercise {
    package static let plainActor = Exercise(
        number: 3, slug: "plain-actor",
        goal: "make a plain actor that owns a context safe: it still needs perform { }",
        demo: PlainActorDemo.self,
        files: ["ActorArchive.swift"],
        hints: [
            """
            The compiler is happy, and the trap still fires. An actor runs one method at a \
            time, but on whichever thread of the cooperative pool is free: never on the \
            context's queue.
            """,
            """
            Being inside the actor does not put you on the queue. Each method must still enter \
            the queue: `try await context.perform { context in … }`.
            """,
            """
            `try await context.perform { context in try context.importBatch(batch) }`, and the \
            same around existingObject(with:).snapshot. The methods become async; the check \
            expects the plain actor's 2 to 3 hops per call, and no performAndWait: it would \
            park a thread of the cooperative pool.
            """,
        ],
        startingFailure: .check("trap"),
        entryPoint: "PlainActorCheck<ActorArchive>", checkIDs: [.store, .contexts, .trap, .checksum, .reads, .done, .failure, .hops, .races, .waits],
        escapeAdvice: "keep the context inside the actor and enter its queue with perform",
        minutes: 15,
        starterShows: "an actor uses its context directly: no warning, and the trap",
        passesWhen: "no trap; 2 to 3 hops per call, the plain-actor row's declared range",
        teaches: "An actor gives mutual exclusion, not the context's thread, and the compiler says nothing.",
        wrongFixes: [
            WrongFix(
                name: "WaitingActorArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "performAndWait (or ContextQueue.sync) parked a thread"
            ),
            WrongFix(
                name: "ConfinedActorArchive", kind: .removesTheIsolation, refusedBy: .contexts,
                because: "confined to an actor with confine(to:)"
            ),
            WrongFix(
                name: "BackgroundImportActorArchive", kind: .skipsTheWork, refusedBy: .done,
                because: "returned before its work was done"
            ),
            WrongFix(
                name: "OptionalTryActorArchive", kind: .skipsTheWork, refusedBy: .failure,
                because: "never reached the caller"
            ),
            WrongFix(
                name: "RememberingActorArchive", kind: .keepsTheMisconception, refusedBy: .reads,
                because: "a later save"
            ),
            WrongFix(
                name: "OperationWaitingActorArchive", kind: .blocksInsteadOfAwaiting, refusedBy: .waits,
                because: "held"
            ),
        ]
    )
}

// MARK: - PlainActorCheck

/// Exercise 3's check: no trap, the reference model's data, and the plain actor's hops.
public enum PlainActorCheck<Archive: NoteArchive>: ExerciseChecker {
    public static var exercise: Exercise { .plainActor }
    public static var contextPlacement: ContextPlacement { .onTheirOwnQueues }

    public static func measure(_ record: Recorder<ArchiveMeasurements>) async throws {
        try await Archive.measure(record)
    }

    public static func checks(_ measured: ArchiveMeasurements, run: ChildRun, data: WorkshopData) -> [Check] {
        // The plain-actor row's declared range: into the actor and back out, plus one back
        // into the actor when perform's queue finishes after the actor has suspended.
        let declared = RowDescriptor.plainActor.expectedHops!.hops(.snapshot)
        let budget = Double(declared.lowerBound)...Double(declared.upperBound)
        return [.runsToTheEnd(run)] + Check.archiveOutcome(measured, of: Archive.self, run: run, data: data) + [
            .hops(
                measured.perCall, budget: budget, per: "call",
                why: "a plain actor with perform { } costs into the actor, back out, and sometimes one more back into the actor",
                run: run
            ),
        ]
    }
}
