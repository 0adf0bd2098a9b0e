import NoteStore
import Testing
import Support

/// With `bindsMainActorContextsToMainQueue`, a context made on the main actor runs on the
/// main queue, as SwiftData's `ModelContext` does; made anywhere else, or with the option
/// off, it gets a queue of its own.
@Suite("Contexts bound to the main queue they are made on")
struct MainQueueBindingTests {
    static func container(binding: Bool) throws -> NoteContainer {
        try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true, bindsMainActorContextsToMainQueue: binding))
    }

    @MainActor
    static func makeOnMainActor(_ container: NoteContainer) throws -> Bool {
        try container.newContext(name: "made-on-main").queue.isMain
    }

    @Test("Made on the main actor with the option on, a context is on the main queue")
    func boundOnMainActor() async throws {
        #expect(try await Self.makeOnMainActor(Self.container(binding: true)))
    }

    @Test("Made on the main actor with the option off, a context has its own queue")
    func notBoundWhenOff() async throws {
        #expect(try await !Self.makeOnMainActor(Self.container(binding: false)))
    }

    @Test("Made in Task.detached with the option on, a context has its own queue")
    func notBoundOffMain() async throws {
        let container = try Self.container(binding: true)
        let isMain = try await Task.detached { try container.newContext(name: "detached").queue.isMain }.value
        #expect(!isMain)
    }

    @Test("A context knows whether it was made on the main actor, whatever queue it was given")
    func madeOnMainQueue() async throws {
        let container = try Self.container(binding: false)
        let onMain = try await Self.makeOnMainActorWithItsOwnQueue(container)
        let detached = try await Task.detached { try container.newContext(name: "detached").madeOnMainQueue }.value
        #expect(onMain == (made: true, isMain: false))
        #expect(!detached)
    }

    @MainActor
    static func makeOnMainActorWithItsOwnQueue(_ container: NoteContainer) throws -> (made: Bool, isMain: Bool) {
        let context = try container.newContext(name: "own-queue", queue: ContextQueue(label: "own"))
        return (context.madeOnMainQueue, context.queue.isMain)
    }

    @Test("A queue passed explicitly wins over the binding")
    @MainActor
    func explicitQueue() throws {
        let queue = ContextQueue(label: "explicit")
        #expect(try Self.container(binding: true).newContext(queue: queue).queue === queue)
    }
}
