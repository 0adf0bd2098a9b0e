import Foundation
import NoteStore
import Testing

/// `perform`, `performAndWait`, the queue's job count and the executor built on the queue,
/// beyond the basics.
@Suite("Queues, jobs and executors in detail")
struct QueueAndExecutorTests {
    let context: NoteContext

    init() throws { context = try StoreFixture().container.newContext(name: "queued") }

    /// An error of the test's own type, to show `perform` keeps the type, not just the value.
    struct Refusal: Error, Equatable {
        let reason: String
    }

    @Test("perform rethrows the closure's error with its static type")
    func performKeepsTheErrorType() async {
        do throws(Refusal) {
            let _: Int = try await context.perform { _ throws(Refusal) -> Int in throw Refusal(reason: "no") }
            Issue.record("perform returned instead of throwing")
        } catch {
            // `error` is a `Refusal` here, not `any Error`: this line compiles only because
            // `perform` is typed-throws all the way through the trip to the queue.
            #expect(error == Refusal(reason: "no"))
        }
    }

    @Test("perform returns a Sendable snapshot of what the closure read")
    func performReturnsSnapshots() async throws {
        let snapshot = try await context.perform { (context) throws(NoteStoreError) in
            try context.existingObject(with: NoteID(2)).snapshot
        }
        #expect(snapshot.title == "beta")
        #expect(snapshot.folder == FolderID(1))
    }

    @Test("Every dispatch counts one job; a nested performAndWait runs in place and counts none")
    func jobCounts() async {
        let queue = context.queue
        let jobs = queue.jobCount
        let dispatches = ContextQueue.dispatchCount
        _ = await context.perform { _ in 1 }
        #expect(queue.jobCount == jobs + 1)
        let nested = context.performAndWait { context.performAndWait { queue.isCurrent } }
        #expect(nested)
        #expect(queue.jobCount == jobs + 2, "the inner performAndWait was already on the queue")
        let ran: Bool = await withCheckedContinuation { continuation in
            context.perform(schedule: { _ in continuation.resume(returning: queue.isCurrent) })
        }
        #expect(ran)
        #expect(queue.jobCount == jobs + 3)
        // Process-wide, and other tests run in parallel: at least this test's two `async`
        // jobs (the `sync` one is not a dispatch: the waiting thread runs it).
        #expect(ContextQueue.dispatchCount >= dispatches + 2)
    }

    @Test("An actor on the context's executor may assumeIsolated inside performAndWait")
    func actorOnTheQueue() async {
        let executor = ContextExecutor(context: context)
        let actor = QueueBound(executor: executor)
        // The runtime asks the executor (isIsolatingCurrentContext, checkIsolated): the
        // queue is the actor's, so the check passes without a hop.
        let onQueue = context.performAndWait { actor.assumeIsolated { $0.isOnQueue() } }
        #expect(onQueue)
        #expect(executor.enqueuedJobs == 0)
        #expect(await actor.isOnQueue())
        #expect(executor.enqueuedJobs == 1, "a call from outside is one job on the queue")
    }

    @Test("checkIsolated stops the process off its queue")
    func checkIsolatedTrapsOffTheQueue() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            ContextExecutor(queue: ContextQueue(label: "elsewhere")).checkIsolated()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("expected to run on the queue 'elsewhere'"))
    }

    /// Why debug mode is a switch and not always on: the check has a cost. On, every call
    /// asks the queue whether it is the current one (a thread-specific lookup); off, it is a
    /// branch on a constant the context read once, so the benchmarks measure the patterns,
    /// not the checks. The price of off is this test: a wrong-queue call from one thread,
    /// with nothing else on the queue, passes silently.
    @Test("With debug mode off, off-queue calls from a single thread do not trap")
    func debugOffDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            let container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: false))
            let context = try container.newContext(name: "unchecked")
            let inbox = context.insertFolder(id: FolderID(1), name: "Inbox")
            let note = context.insertNote(title: "off the queue", body: "", folder: inbox, created: Date())
            try context.save()
            let count = try context.fetchCount()
            precondition(note.title == "off the queue" && count == 1)
        }
    }

    /// The smallest actor whose executor is a context's queue (SwiftData's `@ModelActor`).
    actor QueueBound {
        let executor: ContextExecutor
        init(executor: ContextExecutor) { self.executor = executor }
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
        func isOnQueue() -> Bool { executor.queue.isCurrent }
    }
}
