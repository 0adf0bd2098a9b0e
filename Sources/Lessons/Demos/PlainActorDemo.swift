// Lesson 3: a plain actor gives mutual exclusion, not the context's thread.
// Source: "ActorでCoreDataをスレッドから解放しよう", Himeshi (004).

import NoteStore
import PlainActorStore

// MARK: - PlainActorDemo

package struct PlainActorDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        /// The naive actor, which uses its context directly, in a child process.
        package var naive: CrashReport
        /// What the fixed actor, which enters `perform` in every method, read.
        package var fixedCount: Int
        package var fixedTitle: String
        /// The fixed actor's hops per call: into the actor, onto the queue and back, back out.
        package var fixedHopsPerCall: Double?
    }

    package static let name = "plain-actor"
    package static let lesson = 3
    package static let summary = "a plain actor trips the trap; the fixed one still needs perform { }"
    package static let source = Article.actorsFreeCoreData
    package static let chapter = "Docs/LabGuide.docc/PlainActor.md"
    package static let whatItDoes = """
        Wraps a context in a plain actor that uses it directly from its methods, and counts \
        the notes through it with the concurrency-debug trap on, in a child process. Then \
        does the same through PlainActorRepository, the actor that wraps every access in \
        perform { }, and counts the hops of its calls.
        """
    package static let why = """
        An actor runs one method at a time, but on whichever thread of the cooperative pool \
        is free: never on the context's queue. The compiler is satisfied, since the context \
        never leaves the actor, so the mistake compiles without a warning and only the trap \
        finds it. The fix is perform { } inside every method, which costs a second round \
        trip: into the actor, onto the queue, back into the actor, back to the caller.
        """

    package static let crashSites = [
        CrashSite("plain-actor.naive") {
            let container = try await DemoStore.seeded(notes: 3, debug: true)
            let repository = try NaivePlainActorRepository(container: container)
            _ = try await repository.count()  // the actor's thread is not the context's queue
        },
        // The same mistake with the trap off, and the context also busy on its queue: a data
        // race that nothing stops. The demo never runs it; ThreadSanitizer must report it
        // (`make race` runs it and fails when no race is reported).
        CrashSite("plain-actor.naive-untrapped") {
            let container = try await DemoStore.seeded(notes: 3, debug: false)
            let repository = try NaivePlainActorRepository(container: container)
            // Two clients at once, so the queue is busy with refreshes while the actor reads:
            // the two touch the context on different threads, with nothing ordering them.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { for _ in 0..<200 { await repository.refreshOnQueue() } }
                group.addTask { for _ in 0..<200 { _ = try await repository.title(of: NoteID(1)) } }
                try await group.waitForAll()
            }
        },
    ]

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let naive = try await environment.crash(Self.crashSites[0])
        let container = try await DemoStore.seeded(notes: 3, debug: true)
        let repository = try PlainActorRepository(container: container)
        let count = try await repository.count()
        let title = try await repository.title(of: NoteID(1))
        let hops = try await Hops.perCall { _ = try await repository.title(of: NoteID(1)) }
        try await repository.close()
        return Outcome(naive: naive, fixedCount: count, fixedTitle: title, fixedHopsPerCall: hops)
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        [
            "The naive actor: \(outcome.naive.summary)",
            "The fixed actor counted \(outcome.fixedCount) notes and read the title \"\(outcome.fixedTitle)\" "
                + "with the trap on, and nothing stopped.",
            "A call cost \(Hops.describe(outcome.fixedHopsPerCall)) on average: into the actor and back out, "
                + "plus one back into the actor whenever the queue finished after the actor had suspended.",
        ]
    }
}
