// Lesson 4: an actor whose executor is the context's queue uses the context directly.
// Sources: "SwiftData 中的并发编程", Fatbobman (002); "ActorでCoreDataをスレッドから解放しよう",
// Himeshi (004).

import CustomExecutorStore
import NoteStore
import Support

// MARK: - NoteCounter

/// `@ModelActor` by hand, in four lines: the executor, the context, and isolated methods
/// that use the context with no `perform`.
actor NoteCounter: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "note-counter")
        modelExecutor = ContextExecutor(context: context)
    }

    func count() throws -> (notes: Int, onContextQueue: Bool) {
        (try context.fetchCount(), context.queue.isCurrent)
    }
}

// MARK: - CustomExecutorDemo

package struct CustomExecutorDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        package var notes: Int
        /// Whether the actor's method ran on the context's queue.
        package var methodOnContextQueue: Bool
        /// Jobs the executor put on the queue per call: one.
        package var jobsPerCall: Double
        /// Into the actor, back to the caller.
        package var hopsPerCall: Double?
    }

    package static let name = "custom-executor"
    package static let lesson = 4
    package static let summary = "an actor on the context's queue touches the context synchronously"
    package static let source = Article.swiftDataConcurrency + "; " + Article.actorsFreeCoreData
    package static let chapter = "Docs/LabGuide.docc/CustomExecutor.md"
    package static let whatItDoes = """
        Defines NoteCounter, an actor whose unownedExecutor is a ContextExecutor on its \
        context's queue (what SwiftData's @ModelActor generates), and calls its count() a \
        hundred times with the concurrency-debug trap on. count() uses the context with no \
        perform { } and reports whether it ran on the context's queue.
        """
    package static let why = """
        An actor's jobs run wherever its executor puts them. A custom SerialExecutor \
        (SE-0392) that enqueues each job on the context's queue makes the actor's thread and \
        the context's thread the same thing, so isolated code may use the context directly, \
        and the compiler checks the isolation. SwiftData's DefaultSerialModelExecutor does \
        this for @ModelActor. A call costs one job on the queue and two hops: in and out.
        """

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let container = try await DemoStore.seeded(notes: 3, debug: true)
        let counter = try NoteCounter(container: container)
        let (notes, onQueue) = try await counter.count()
        let calls = 100
        let jobsBefore = counter.modelExecutor.enqueuedJobs
        let hops = try await Hops.perCall(calls) { _ = try await counter.count() }
        let jobs = Double(counter.modelExecutor.enqueuedJobs - jobsBefore) / Double(calls)
        return Outcome(notes: notes, methodOnContextQueue: onQueue, jobsPerCall: jobs, hopsPerCall: hops)
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        [
            "count() read \(outcome.notes) notes without perform { }, and ran "
                + "\(outcome.methodOnContextQueue ? "on" : "off") the context's queue; the trap stayed quiet.",
            "Each call put \(Format.compact(outcome.jobsPerCall)) job on the queue and cost "
                + "\(Hops.describe(outcome.hopsPerCall)).",
        ]
    }
}
