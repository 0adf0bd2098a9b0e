import Testing

/// `perform`'s body runs on the context's queue while its caller is suspended, and a
/// suspended actor runs its other calls: the compiler must reject a body that shares
/// state with the caller, and accept one that owns what it captures.
@Suite("perform is sound", .serialized)
struct PerformSoundnessTests {
    let compiler: SnippetCompiler

    init() throws { compiler = try SnippetCompiler() }

    @Test("A body that mutates its actor's state does not compile")
    func actorStateIsRejected() throws {
        // Before `perform` took a `sending` body, this compiled without a diagnostic and
        // crashed in release builds: `collect()` runs again while the body appends.
        let errors = try compiler.errors(compiling: """
            import NoteStore

            actor TitleCollector {
                private let context: NoteContext
                private var titles: [String] = []
                init(context: NoteContext) { self.context = context }

                func collect() async throws {
                    try await context.perform { context in
                        for note in try context.fetch(NoteFetchDescriptor()) { self.titles.append(note.title) }
                    }
                }
            }
            """)
        #expect(errors == ["actor-isolated property 'titles' can not be mutated from a nonisolated context"])
    }

    @Test("A body that captures an actor's non-Sendable property does not compile")
    func actorRegionIsRejected() throws {
        let errors = try compiler.errors(compiling: """
            import NoteStore

            final class TitleList { var titles: [String] = [] }

            actor TitleCollector {
                private let context: NoteContext
                private let list = TitleList()
                init(context: NoteContext) { self.context = context }

                func collect() async throws {
                    try await context.perform { [list] context in
                        for note in try context.fetch(NoteFetchDescriptor()) { list.titles.append(note.title) }
                    }
                }
            }
            """)
        #expect(errors == [
            "passing closure as a 'sending' parameter risks causing data races between 'self'-isolated code and concurrent execution of the closure",
        ])
    }

    @Test("A body that captures a local the caller uses afterwards does not compile")
    func sharedLocalIsRejected() throws {
        let errors = try compiler.errors(compiling: """
            import NoteStore

            final class TitleList { var titles: [String] = [] }

            func collect(from context: NoteContext) async throws -> Int {
                let list = TitleList()
                try await context.perform { context in
                    for note in try context.fetch(NoteFetchDescriptor()) { list.titles.append(note.title) }
                }
                return list.titles.count
            }
            """)
        #expect(errors.count == 1)
        #expect(errors.first?.hasSuffix("risks causing data races") == true)
    }

    @Test("A body that owns what it captures, and returns a Sendable result, compiles")
    func ownedValuesAreAccepted() throws {
        // The control: the same module set-up compiles the patterns' way of calling perform.
        let errors = try compiler.errors(compiling: """
            import NoteStore

            final class TitleList { var titles: [String] = [] }

            actor TitleCollector {
                private let context: NoteContext
                private var titles: [String] = []
                init(context: NoteContext) { self.context = context }

                func collect() async throws {
                    let list = TitleList()  // fresh, and not used after the call: sent
                    titles += try await context.perform { context in
                        for note in try context.fetch(NoteFetchDescriptor()) { list.titles.append(note.title) }
                        return list.titles
                    }
                }
            }
            """)
        #expect(errors == [])
    }
}
