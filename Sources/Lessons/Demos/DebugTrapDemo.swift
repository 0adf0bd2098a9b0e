// Lesson 2: the concurrency-debug switch turns a silent wrong-queue access into a crash.
// Source: "SwiftData 中的并发编程", Fatbobman (002).

import NoteStore

// MARK: - DebugTrapDemo

package struct DebugTrapDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        /// The count read off the queue with the switch off: an answer, and no complaint.
        package var countReadSilently: Int
        /// The same read with the switch on, in a child process.
        package var trap: CrashReport
    }

    package static let name = "debug-trap"
    package static let lesson = 2
    package static let summary = "the concurrency-debug trap stops wrong-queue access at once"
    package static let source = Article.swiftDataConcurrency
    package static let chapter = "Docs/LabGuide.docc/QueuePerform.md#the-debug-trap"
    package static let whatItDoes = """
        Counts the notes of a context from outside its queue, without perform { }: once \
        with the store's concurrency-debug mode off, and once with it on, in a child process \
        because that one is meant to crash.
        """
    package static let why = """
        Using a context off its queue is a data race, and data races rarely fail where they \
        happen: the read above returned a plausible number. Core Data's launch argument \
        -com.apple.CoreData.ConcurrencyDebug 1 makes every such access stop the process at \
        once, naming the culprit. The lab's store has the same switch: \
        NOTESTORE_CONCURRENCY_DEBUG=1, or NoteContainer.Options(concurrencyDebug: true). Keep \
        it on in debug builds and tests.
        """

    package static let crashSites = [
        CrashSite("debug-trap.count-off-queue") {
            let container = try await DemoStore.seeded(notes: 3, debug: true)
            let context = try container.newContext(name: "background")
            _ = try context.fetchCount()  // off the context's queue: the trap fires here
        },
    ]

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let container = try await DemoStore.seeded(notes: 3, debug: false)
        let context = try container.newContext(name: "background")
        let count = try context.fetchCount()  // off the queue, and nothing says so
        let trap = try await environment.crash(Self.crashSites[0])
        return Outcome(countReadSilently: count, trap: trap)
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        [
            "With the switch off, the wrong-queue read returned \(outcome.countReadSilently) notes and nothing complained.",
            "With it on, \(outcome.trap.summary)",
        ]
    }
}
