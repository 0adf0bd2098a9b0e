import Foundation
import NoteStore
import Testing

/// A context queue counts its read jobs that waited for a write of the same queue: what a
/// serial context's reads pay for sharing a queue with its saves. The time limit fails a
/// read stuck for good; it is as generous as the reader pool's, for the same reason.
@Suite("Reads queued behind writes", .timeLimit(.minutes(10)))
struct ReadsBehindWritesTests {
    /// The count is a meter a pass turns on; these tests are that pass.
    init() {
        ContextQueue.startCountingReadsBehindWrites()
    }

    /// Schedules on `writer`'s queue a save that stops inside its transaction until
    /// `release` opens, and returns once it is there.
    static func holdASave(in writer: NoteContext, id: NoteID, until release: Gate) async throws {
        let inside = Flag()
        writer.perform(schedule: { context in
            do {
                try context.existingObject(with: id).title = "held"
                context.beforeCommit = {
                    inside.set()
                    release.wait()
                }
                try context.save()
            } catch {
                Issue.record(error)
            }
            context.beforeCommit = nil
        })
        try await until { inside.isSet }
    }

    @Test("A fetch queued behind its own context's save counts; a save behind it, an empty job and a read with no write ahead do not")
    func serialContext() async throws {
        let context = try StoreFixture().container.newContext(name: "serial")
        let queue = context.queue
        let before = queue.readsBehindWrites
        let processWide = StoreAudit.readsQueuedBehindWrites
        let release = Gate()
        defer { release.open() }
        try await Self.holdASave(in: context, id: NoteID(1), until: release)
        // Queued while the save is inside its transaction:
        context.perform(schedule: { context in _ = try? context.fetchCount() })
        context.perform(schedule: { context in
            // A read, then a write: a write.
            try? context.existingObject(with: NoteID(2)).title = "second"
            _ = try? context.save()
        })
        context.perform(schedule: { _ in })
        release.open()
        // Runs after every job above.
        _ = try await onQueue(queue) { 0 }
        #expect(queue.readsBehindWrites == before + 1)
        #expect(StoreAudit.readsQueuedBehindWrites >= processWide + 1)
        // Queued with nothing ahead of it.
        await context.perform { context in _ = try? context.fetchCount() }
        #expect(queue.readsBehindWrites == before + 1)
        #expect(queue.writeTransactionsEnded == 2, "the held save and the second one; the seed saved on a queue of its own")
    }

    @Test("A fetch queued behind a save that has not started yet counts; one behind a job that writes nothing does not")
    func behindAQueuedSave() async throws {
        let context = try StoreFixture().container.newContext(name: "serial")
        let release = Gate()
        defer { release.open() }
        // The queue is busy with a job that writes nothing.
        let busy = Flag()
        context.perform(schedule: { _ in
            busy.set()
            release.wait()
        })
        try await until { busy.isSet }
        context.perform(schedule: { context in _ = try? context.fetchCount() })
        context.perform(schedule: { context in
            try? context.existingObject(with: NoteID(1)).title = "queued"
            _ = try? context.save()
        })
        context.perform(schedule: { context in _ = try? context.fetchCount() })
        release.open()
        _ = try await onQueue(context.queue) { 0 }
        #expect(context.queue.readsBehindWrites == 1)
    }

    @Test("On a queue several contexts share, one context's fetch behind another's save counts")
    func sharedQueue() async throws {
        let container = try StoreFixture().container
        let shared = ContextQueue(label: "shared")
        let writer = try container.newContext(name: "writer", queue: shared)
        let reader = try container.newContext(name: "reader", queue: shared)
        let release = Gate()
        defer { release.open() }
        try await Self.holdASave(in: writer, id: NoteID(1), until: release)
        reader.perform(schedule: { context in _ = try? context.existingObject(with: NoteID(2)) })
        release.open()
        _ = try await onQueue(shared) { 0 }
        #expect(shared.readsBehindWrites == 1)
    }

    @Test("A performAndWait read behind a scheduled save counts too")
    func synchronousRead() async throws {
        let context = try StoreFixture().container.newContext(name: "serial")
        let release = Gate()
        defer { release.open() }
        try await Self.holdASave(in: context, id: NoteID(3), until: release)
        let counted = Flag()
        // The wait parks a thread of the test's own, never the cooperative pool. The context
        // crosses to it in a box: performAndWait runs the body on the context's queue.
        let boxed = UncheckedBox(context)
        Thread.detachNewThread {
            let context = boxed.value
            _ = try? context.performAndWait { () throws(NoteStoreError) in try context.fetchCount() }
            counted.set()
        }
        // The held save, then this wait: the queue counts a job once it knows what is ahead.
        try await until { context.queue.jobCount == 2 }
        release.open()
        try await until { counted.isSet }
        #expect(context.queue.readsBehindWrites == 1)
    }
}

/// Carries a context to a thread that only hands it back to the context's own queue.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
