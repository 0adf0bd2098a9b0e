// Lesson 6: a global actor cannot create its isolated helper in a synchronous initializer.
// Source: "Concurrency (9) Global Actors", reading notes on Modern Concurrency in Swift (003).

// MARK: - IsolatedInitDemo

public struct IsolatedInitDemo: Demo {
    public struct Outcome: Codable, Sendable, Equatable {
        /// The compiler's errors for each version; none means it compiles.
        public var brokenErrors: [String]
        public var setupFixErrors: [String]
        public var asyncInitErrors: [String]
    }

    public static let name = "isolated-init"
    public static let lesson = 6
    public static let summary = "creating a global-actor helper in the actor's init does not compile; setup() does"
    public static let source = Article.globalActorNotes
    public static let chapter = "Docs/LabGuide.docc/GlobalActor.md#isolated-initializers"
    public static let whatItDoes = """
        Runs the Swift compiler (swiftc -typecheck, Swift 6 mode) on three versions of the \
        book's ImageDatabase, a global actor that owns a DiskStorage isolated to it: the \
        one that creates the storage in init, the book's fix with an async setup(), and an \
        async init.
        """
    public static let why = """
        A global actor's instance initializer is not isolated to the global actor (in Swift \
        6 it is nonisolated), so it may not call DiskStorage's @ImageDatabase initializer \
        synchronously, even though it is the actor. An async init could await it, but the \
        global actor's shared instance is a static let, whose initializer cannot await. So \
        the storage becomes an implicitly unwrapped property set in an async setup() that \
        every caller must remember to await first. The lab's GlobalActorRepository avoids \
        the problem: it is a @DatabaseActor class, not the global actor, so its init is \
        isolated and creates its helpers synchronously.
        """

    /// The book's code: the initializer creates the isolated helper.
    public static let broken = """
        @globalActor
        actor ImageDatabase {
            static let shared = ImageDatabase()
            let storage: DiskStorage

            init() {
                storage = DiskStorage()
            }
        }

        @ImageDatabase
        final class DiskStorage {
            init() {}
        }

        """

    /// The book's fix: an implicitly unwrapped property, set in an async `setup()`.
    public static let setupFix = """
        @globalActor
        actor ImageDatabase {
            static let shared = ImageDatabase()
            private var storage: DiskStorage!

            func setup() async {
                storage = await DiskStorage()
            }
        }

        @ImageDatabase
        final class DiskStorage {
            init() {}
        }

        """

    /// The way out that is not: an async initializer.
    public static let asyncInit = """
        @globalActor
        actor ImageDatabase {
            static let shared = ImageDatabase()
            let storage: DiskStorage

            init() async {
                storage = await DiskStorage()
            }
        }

        @ImageDatabase
        final class DiskStorage {
            init() {}
        }

        """

    public static var listings: [(title: String, code: String)] {
        [("The book's code", broken), ("The book's fix", setupFix), ("An async init", asyncInit)]
    }

    public init() {}

    public func run(in environment: DemoEnvironment) async throws -> Outcome {
        Outcome(
            brokenErrors: try await environment.typecheck(Self.broken),
            setupFixErrors: try await environment.typecheck(Self.setupFix),
            asyncInitErrors: try await environment.typecheck(Self.asyncInit)
        )
    }

    public static func whatHappened(_ outcome: Outcome) -> [String] {
        func verdict(_ errors: [String]) -> String {
            errors.isEmpty ? "compiles" : "does not compile: " + errors.joined(separator: "; ")
        }
        return [
            "Creating DiskStorage in init \(verdict(outcome.brokenErrors)).",
            "The async setup() version \(verdict(outcome.setupFixErrors)).",
            "The async init version \(verdict(outcome.asyncInitErrors)).",
        ]
    }
}
