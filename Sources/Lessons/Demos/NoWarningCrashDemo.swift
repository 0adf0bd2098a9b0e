// Lesson 13: a closure written in @MainActor code and run by a context's queue stops the
// process at run time, though the build had no diagnostic.
// Source: SE-0423, dynamic actor isolation enforcement.

import NoteStore
import PreconcurrencyStore
import Support

// MARK: - Where a closure ran

/// What a closure run by the context's queue counted, and where it ran.
package struct Placement: Codable, Sendable, Equatable {
    package var count: Int
    package var onContextQueue: Bool
    package var onMainActor: Bool
}

extension Placement {
    /// Counts the notes of `context`, which the caller runs on the context's queue.
    init(countingIn context: NoteContext) {
        count = (try? context.fetchCount()) ?? -1
        onContextQueue = context.queue.isCurrent
        onMainActor = MainQueue.isCurrent
    }
}

// MARK: - A main-actor model that counts through performBlock

/// A view model as an app writes it: main-actor code that counts the notes with Core Data's
/// Objective-C `perform`, the store's `performBlock` here (`Sources/Store/PreconcurrencyStore`).
@MainActor
final class NoteCountModel {
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "note-counter")
    }

    // snippet: main-actor-closure
    func count() async -> Placement {
        await withCheckedContinuation { continuation in
            context.performBlock {  // written in @MainActor code: isolated to the main actor
                continuation.resume(returning: Placement(countingIn: self.context))
            }
        }
    }
    // snippet: end

    // snippet: sendable-closure
    func countWithSendableClosure() async -> Placement {
        // A @Sendable closure captures only Sendable values, and a context is not one: the
        // promise that the closure uses it on the context's own queue alone is this line's.
        nonisolated(unsafe) let context = context
        return await withCheckedContinuation { continuation in
            context.performBlock { @Sendable in  // isolated to no actor: nothing to check
                continuation.resume(returning: Placement(countingIn: context))
            }
        }
    }
    // snippet: end

    // snippet: nonisolated-function
    func countWithNonisolatedFunction() async -> Placement {
        await withCheckedContinuation { continuation in
            Self.scheduleCount(in: context, continuation)
        }
    }

    /// Nonisolated, so the closure written here is isolated to no actor.
    nonisolated static func scheduleCount(in context: NoteContext, _ continuation: CheckedContinuation<Placement, Never>) {
        context.performBlock {
            continuation.resume(returning: Placement(countingIn: context))
        }
    }
    // snippet: end
}

// MARK: - NoWarningCrashDemo

package struct NoWarningCrashDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        /// The closure written in @MainActor code, run by the context's queue in a child process.
        package var mainActorClosure: CrashReport
        /// The same work in a @Sendable closure.
        package var sendableClosure: Placement
        /// The same work in a closure written in a nonisolated function.
        package var nonisolatedFunction: Placement
    }

    package static let name = "no-warning-crash"
    package static let lesson = 13
    package static let summary = "a @MainActor closure run by a context's queue stops at run time, with no warning"
    package static let source = Article.dynamicIsolation
    package static let chapter = "Docs/LabGuide.docc/NoWarningCrash.md"
    package static let whatItDoes = """
        A @MainActor view model counts the notes with performBlock, the store's version of \
        Core Data's Objective-C perform(_:), imported from a target built in the Swift 5 \
        language mode. The closure it passes is written in @MainActor code. The demo runs \
        that in a child process, then the two fixes here: the closure marked @Sendable, and \
        the closure written in a nonisolated function.
        """
    package static let why = """
        A closure that is not @Sendable, written in @MainActor code, is isolated to the main \
        actor. The compiler cannot see that performBlock runs it on another queue: the \
        parameter, from a module without strict concurrency checking, says nothing. So the \
        Swift 6 mode checks at run time instead (SE-0423): the closure's first instruction \
        asks whether it runs on the main actor, and on the context's queue the answer stops \
        the process. A @Sendable closure, or one written in a nonisolated function, belongs \
        to no actor, so there is nothing to check. Better still, use an API that says what \
        it does: the store's async perform takes a sending closure isolated to no actor.
        """

    package static let crashSites = [
        CrashSite("no-warning-crash.main-actor-closure", backtrace: true) {
            let container = try await DemoStore.seeded(notes: 3)
            let counter = try await NoteCountModel(container: container)
            _ = await counter.count()  // the closure stops as it starts, on the context's queue
        },
    ]

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let crash = try await environment.crash(Self.crashSites[0])
        let container = try await DemoStore.seeded(notes: 3)
        let counter = try await NoteCountModel(container: container)
        return Outcome(
            mainActorClosure: crash,
            sendableClosure: await counter.countWithSendableClosure(),
            nonisolatedFunction: await counter.countWithNonisolatedFunction()
        )
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        func placed(_ placement: Placement) -> String {
            let queue = placement.onContextQueue ? "on the context's queue" : "off the context's queue"
            let main = placement.onMainActor ? "on the main actor" : "off the main actor"
            return "counted \(placement.count) notes \(queue), \(main)"
        }
        return [
            "The closure written in @MainActor code compiled without a warning; run by the context's queue, \(outcome.mainActorClosure.summary)",
            "The @Sendable closure \(placed(outcome.sendableClosure)).",
            "The closure written in a nonisolated function \(placed(outcome.nonisolatedFunction)).",
        ]
    }
}
