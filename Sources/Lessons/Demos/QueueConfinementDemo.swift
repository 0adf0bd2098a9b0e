// Lesson 1: a context and its objects belong to the context's queue; `perform` gets you there.
// Sources: "SwiftData 中的并发编程", Fatbobman (002); "ActorでCoreDataをスレッドから解放しよう",
// Himeshi (004).

import Meters
import NoteStore
import Workload
import Support

// MARK: - QueueConfinementDemo

package struct QueueConfinementDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        /// Whether the demo's own code ran on the context's queue: it never does.
        package var callerOnContextQueue: Bool
        /// How many `perform` bodies ran on the context's queue, of `performCalls`.
        package var bodiesOnContextQueue: Int
        package var performCalls: Int
        /// Jobs the queue ran for those calls: one each.
        package var queueJobs: Int
        /// Notes the last body counted after saving.
        package var notesSaved: Int
        /// Whether `performAndWait`'s body ran on the queue too.
        package var performAndWaitOnContextQueue: Bool
        /// Calls of `swift_task_switch` per `perform` from this nonisolated code, over a
        /// hundred calls; nil where the hop meter is unavailable.
        package var switchCallsPerPerform: Double?
        /// The calls among them that changed executor: the hops. The caller is on no actor,
        /// so the switch that brings it back from the resumed continuation changes nothing.
        package var hopsPerPerform: Double?
    }

    package static let name = "queue-confinement"
    package static let lesson = 1
    package static let summary = "a context is confined to its queue: perform { } runs your code there"
    package static let source = Article.swiftDataConcurrency + "; " + Article.actorsFreeCoreData
    package static let chapter = "Docs/LabGuide.docc/QueuePerform.md"
    package static let whatItDoes = """
        Makes a context with its own serial queue, then inserts three notes, each in its own \
        perform { } call, saves and counts them in a fourth, and reads the queue once with \
        performAndWait. Every body checks whether it runs on the context's queue.
        """
    package static let why = """
        A managed object context is not thread-safe, and neither are its objects. Core Data \
        serialises all work on a context through the context's own queue, so code that uses \
        the context must run there: perform { } sends the closure to the queue and resumes \
        you with its result; performAndWait { } blocks until it has run. Each call is one job \
        on the queue. It works, but every access becomes a closure: the price in readability \
        that the next patterns try to remove.
        """

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let container = try DemoStore.container()
        let context = try container.newContext(name: "background")
        let callerOnQueue = context.queue.isCurrent
        let jobsBefore = context.queue.jobCount

        let folder = FolderID(1)
        var bodiesOnQueue = 0
        for number in 1...3 {
            let onQueue = await context.perform { context in
                let inbox = (try? context.existingFolder(with: folder)) ?? context.insertFolder(id: folder, name: "Inbox")
                context.insertNote(title: "Note \(number)", body: "", folder: inbox, created: .now)
                return context.queue.isCurrent
            }
            if onQueue { bodiesOnQueue += 1 }
        }
        let (saved, lastOnQueue) = try await context.perform { (context) throws(NoteStoreError) in
            try context.save()
            return (try context.fetchCount(), context.queue.isCurrent)
        }
        if lastOnQueue { bodiesOnQueue += 1 }
        let queueJobs = context.queue.jobCount - jobsBefore
        let waitedOnQueue = context.performAndWait { context.queue.isCurrent }
        let switches = try await Self.switchesPerPerform(on: context)
        return Outcome(
            callerOnContextQueue: callerOnQueue, bodiesOnContextQueue: bodiesOnQueue, performCalls: 4,
            queueJobs: queueJobs, notesSaved: saved, performAndWaitOnContextQueue: waitedOnQueue,
            switchCallsPerPerform: switches?.calls, hopsPerPerform: switches?.hops
        )
    }

    static func describeSwitches(_ outcome: Outcome) -> String {
        guard let calls = outcome.switchCallsPerPerform, let hops = outcome.hopsPerPerform else {
            return "Switches per perform: not counted (\(HopMeter.unavailableReason))."
        }
        return "Each perform made \(Format.compact(calls)) calls of swift_task_switch and \(Format.compact(hops)) real hops: "
            + "the queue resumed the continuation on the generic executor, and the switch back to this caller, "
            + "which is on no actor, changed no executor."
    }

    /// `swift_task_switch` calls and real hops per `perform` from nonisolated code, over a
    /// hundred calls that each store what they awaited (so the optimizer keeps every switch).
    static func switchesPerPerform(on context: NoteContext) async throws -> (calls: Double, hops: Double)? {
        guard HopMeter.isAvailable else { return nil }
        let calls = 100
        var counted = 0
        let (_, reading) = await HopMeter.counting { () async -> Void in
            for _ in 0..<calls {
                counted += await context.perform { context in context.queue.isCurrent ? 1 : 0 }
            }
        }
        guard counted == calls else { return nil }
        return (Double(reading.switchCalls) / Double(calls), Double(reading.hops) / Double(calls))
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        [
            "The demo's own code ran \(outcome.callerOnContextQueue ? "on" : "off") the context's queue.",
            "\(outcome.bodiesOnContextQueue) of \(outcome.performCalls) perform bodies ran on the context's queue, "
                + "as \(outcome.queueJobs) jobs: one per call.",
            "The last body saved and counted \(outcome.notesSaved) notes.",
            "performAndWait's body ran \(outcome.performAndWaitOnContextQueue ? "on" : "off") the queue; "
                + "the caller blocked until it finished.",
            Self.describeSwitches(outcome),
        ]
    }
}
