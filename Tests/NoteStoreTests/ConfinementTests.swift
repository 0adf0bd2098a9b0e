import Foundation
import NoteStore
import TestSupport
import Testing

/// A context's work runs on its queue; off it, debug mode stops the process (lessons 1, 2).
@Suite("Queue confinement")
struct ConfinementTests {
    let context: NoteContext

    init() throws { context = try StoreFixture().container.newContext(name: "confined") }

    @Test("perform runs on the queue and returns the closure's value")
    func performReturns() async throws {
        let title = try await context.perform { (context) throws(NoteStoreError) -> String in
            #expect(context.queue.isCurrent)
            return try context.existingObject(with: NoteID(1)).title
        }
        #expect(title == "alpha")
    }

    @Test("perform rethrows the closure's typed error")
    func performRethrows() async {
        await #expect(throws: NoteStoreError.notFound("note 7")) {
            try await context.perform { (context) throws(NoteStoreError) in _ = try context.existingObject(with: NoteID(7)) }
        }
    }

    @Test("performAndWait is reentrant on its own queue")
    func performAndWaitIsReentrant() {
        let depth = context.performAndWait { context.performAndWait { context.queue.isCurrent ? 2 : 0 } }
        #expect(depth == 2)
    }

    @Test("perform(schedule:) runs the closure later, on the queue")
    func fireAndForget() async {
        let ranOnQueue = await withCheckedContinuation { continuation in
            context.perform(schedule: { context in continuation.resume(returning: context.queue.isCurrent) })
        }
        #expect(ranOnQueue)
    }

    @Test("The queue counts each job sent to it")
    func jobCount() async throws {
        let before = context.queue.jobCount
        _ = await context.perform { _ in 1 }
        _ = await context.perform { _ in 2 }
        context.performAndWait {}
        #expect(context.queue.jobCount - before == 3)
    }

    @Test("An executor on the context's queue recognises it in checkIsolated")
    func executorChecksIsolation() {
        let executor = ContextExecutor(context: context)
        let isolated = context.performAndWait { executor.isIsolatingCurrentContext() }
        #expect(isolated == true)
        #expect(executor.isIsolatingCurrentContext() == false)
        context.performAndWait { executor.checkIsolated() }
    }

    @Test("Off the queue, debug mode stops the process when a context is touched")
    func contextOffQueueTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
            let context = try container.newContext(name: "trap")
            _ = try context.fetchCount()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(ConcurrencyDebug.trapPrefix))
    }

    @Test("Off the queue, debug mode stops the process when a note's property is read")
    func noteOffQueueTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fixture = try StoreFixture()
            let context = try fixture.container.newContext(name: "trap")
            let note = try context.performAndWait { () throws(NoteStoreError) in try context.existingObject(with: NoteID(1)) }
            _ = note.title
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(ConcurrencyDebug.trapPrefix))
    }

    @Test("Reading a property of a fault whose row is gone stops the process")
    func deletedFaultTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = try StoreFixture().container
            let context = try container.newContext(name: "fault")
            context.performAndWait { _ = context.object(with: NoteID(404)).title }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("could not fulfil a fault"))
    }

    @Test("With debug mode off there is no check: a single-threaded off-queue call goes through")
    func debugOffHasNoCheck() throws {
        let container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: false))
        let context = try container.newContext(name: "unchecked")
        // Safe only because nothing else runs on the context: this is the mode's cost-free path.
        #expect(try context.fetchCount() == 0)
    }
}

/// Bad files and paths get typed errors that say what is wrong.
@Suite("Opening a database")
struct OpeningTests {
    @Test("A file that is not SQLite is refused as notADatabase and left untouched")
    func notADatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("garbage.sqlite")
        let garbage = Data(repeating: 0x5A, count: 8_192)
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: NoteStoreError.notADatabase(path: path)) { _ = try NoteContainer(location: .file(path)) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test("A path in a missing folder is refused as cannotOpen")
    func cannotOpen() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("missing/notes.sqlite")
        #expect {
            _ = try NoteContainer(location: .file(path))
        } throws: { error in
            guard case .cannotOpen(let reported, _) = error as? NoteStoreError else { return false }
            return reported == path
        }
    }

    @Test("Error messages name the problem in plain words")
    func messages() {
        #expect(NoteStoreError.notFound("note 3").description == "note 3 does not exist in the database")
        #expect(NoteStoreError.notADatabase(path: "x").description.contains("is not a SQLite database"))
    }
}
