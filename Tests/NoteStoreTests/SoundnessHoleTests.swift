import Foundation
import NoteStore
import Testing

/// Three programs that compile in the Swift 6 language mode with no diagnostic and still
/// race. The guide's soundness chapter quotes them from the strings below; each test
/// compiles its program and pins what catches it at run time: the store's debug trap for
/// the first two, nothing for the third.
@Suite("What still compiles and races", .serialized)
struct SoundnessHoleTests {
    let compiler: SnippetCompiler

    init() throws { compiler = try SnippetCompiler() }

    static let managedObjectOffTheQueue = """
        // snippet: hole-perform-and-wait
        import NoteStore

        /// Core Data's shape: performAndWait returns whatever its body returns, a managed
        /// object too, and the caller reads it after the queue let it go.
        func title(of id: NoteID, in context: NoteContext) throws -> String {
            let note = try context.performAndWait { try context.existingObject(with: id) }
            return note.title  // off the context's queue
        }
        // snippet: end
        """

    static let managedObjectToAnActor = """
        // snippet: hole-send-to-actor
        import NoteStore

        actor TitleShelf {
            private var titles: [String] = []
            func show(_ note: Note) { titles.append(note.title) }  // on the shelf's executor
        }

        /// The context is fresh, so region-based isolation lets its note be sent: the
        /// compiler sees one region, not the queue that merges saves into the note.
        func show(_ id: NoteID, from container: NoteContainer, on shelf: TitleShelf) async throws {
            let context = try container.newContext(name: "reader")
            let note = try context.performAndWait { () throws(NoteStoreError) -> Note in
                context.automaticallyMergesChanges = true
                return try context.existingObject(with: id)
            }
            await shelf.show(note)
        }
        // snippet: end
        """

    static let launderedThroughMutex = """
        // snippet: hole-mutex-sending
        import Synchronization

        final class TitleList { var titles: [String] = [] }

        /// A generic helper over Mutex.withLock, whose result is `sending`.
        func locked<Result>(_ mutex: borrowing Mutex<Int>, _ body: () -> Result) -> sending Result {
            mutex.withLock { _ in body() }
        }

        actor Collector {
            private let list = TitleList()
            private let lock = Mutex(0)

            func add(_ title: String) { list.titles.append(title) }

            /// The actor's own list, returned as if it were a fresh value.
            func titles() -> sending TitleList {
                locked(lock) { list }
            }
        }

        func race(_ collector: Collector) async {
            let list = await collector.titles()
            async let added: Void = collector.add("on the actor")
            list.titles.append("off the actor")  // at the same time as the actor's append
            await added
        }
        // snippet: end
        """

    /// The same actor method without the generic helper: the checker sees the actor's
    /// state flow into the `sending` result.
    static let mutexWithoutHelper = """
        import Synchronization

        final class TitleList { var titles: [String] = [] }

        actor Collector {
            private let list = TitleList()
            private let lock = Mutex(0)
            func titles() -> sending TitleList { lock.withLock { _ in list } }
        }
        """

    @Test("A managed object returned from performAndWait compiles, and reading it off the queue trips the debug trap")
    func managedObjectOffTheQueue() async throws {
        #expect(try compiler.errors(compiling: Self.managedObjectOffTheQueue) == [])
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let fixture = try StoreFixture()
            let context = try fixture.container.newContext(name: "reader")
            let note = try context.performAndWait { () throws(NoteStoreError) -> Note in
                try context.existingObject(with: NoteID(1))
            }
            _ = note.title
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(ConcurrencyDebug.trapPrefix) && message.contains("'reader'"))
    }

    @Test("A note sent to an actor compiles when its context is fresh, and the actor's read trips the debug trap")
    func managedObjectToAnActor() async throws {
        #expect(try compiler.errors(compiling: Self.managedObjectToAnActor) == [])
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            actor Shelf {
                func show(_ note: Note) -> String { note.title }
            }
            let fixture = try StoreFixture()
            let context = try fixture.container.newContext(name: "reader")
            let note = try context.performAndWait { () throws(NoteStoreError) -> Note in
                context.automaticallyMergesChanges = true
                return try context.existingObject(with: NoteID(1))
            }
            _ = await Shelf().show(note)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(ConcurrencyDebug.trapPrefix) && message.contains("'reader'"))
    }

    @Test("The same note sent from a context the caller was given does not compile")
    func managedObjectFromAParameterIsRejected() throws {
        let errors = try compiler.errors(compiling: """
            import NoteStore

            actor TitleShelf { func show(_ note: Note) {} }

            func show(_ id: NoteID, from context: NoteContext, on shelf: TitleShelf) async throws {
                let note = try context.performAndWait { try context.existingObject(with: id) }
                await shelf.show(note)
            }
            """)
        #expect(errors == ["sending 'note' risks causing data races"])
    }

    @Test("Actor state returned through a generic helper's sending result compiles: swiftlang/swift#85636")
    func launderedThroughMutex() throws {
        // Nothing in the lab traps here: the list is not the store's, and no checker sees it.
        #expect(try compiler.errors(compiling: Self.launderedThroughMutex) == [])
    }

    @Test("Without the generic helper, the compiler rejects the same actor state as a sending result")
    func mutexWithoutHelperIsRejected() throws {
        #expect(try compiler.errors(compiling: Self.mutexWithoutHelper) == [
            "returning 'self'-isolated 'self.list' as a 'sending' result risks causing data races",
        ])
    }
}
