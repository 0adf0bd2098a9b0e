// Lesson 6: a global actor cannot create its isolated helper synchronously, not even in a
// default value of its own stored property.
// Source: "Concurrency (9) Global Actors", reading notes on Modern Concurrency in Swift (003).

// MARK: - IsolatedInitDemo

package struct IsolatedInitDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        /// The compiler's errors for each version, in Swift 6 language mode unless the name
        /// says otherwise; none means it compiles.
        package var bookCodeErrors: [String]
        package var bookCodeSwift5Errors: [String]
        package var setupFixErrors: [String]
        package var initBodyErrors: [String]
        package var actorMethodErrors: [String]
        package var asyncInitErrors: [String]
        package var isolatedClassErrors: [String]
    }

    package static let name = "isolated-init"
    package static let lesson = 6
    package static let summary = "a global actor cannot create its @ImageDatabase helper synchronously; setup() can"
    package static let source = Article.globalActorNotes
    package static let chapter = "Docs/LabGuide.docc/GlobalActor.md#isolated-initializers"
    package static let whatItDoes = """
        Runs the Swift compiler (swiftc -typecheck) on the book's ImageDatabase, a global \
        actor whose stored property DiskStorage() creates a class isolated to that global \
        actor, in the Swift 6 and the Swift 5 language modes; then, in Swift 6 mode, on the \
        book's fix with an async setup(), on the same call in the actor's initializer, in a \
        method of the actor and in an async initializer, and on the same stored properties \
        in a class isolated to the global actor.
        """
    package static let why = """
        @ImageDatabase means isolated to one actor instance, ImageDatabase.shared. Code \
        inside the actor is isolated to self, and the compiler does not know that self is \
        ImageDatabase.shared, so even a method of the actor must await DiskStorage's \
        @ImageDatabase initializer. A stored property's default value runs as part of the \
        initializer, synchronously, and since Swift 6 (SE-0411) it may only require the \
        isolation of its own type, here the actor instance, not the global actor. Swift 5 \
        mode still says it as the notes quote it. An actor's synchronous init \
        is nonisolated, and the static let shared cannot await an async init. So the book \
        sets an implicitly unwrapped property in an async setup() that every caller must \
        remember to await first. A class isolated to the global actor has no such problem: \
        its default values and its init share the global actor's isolation, which is how \
        the lab's GlobalActorRepository creates its helpers.
        """

    /// The book's code, as the reading notes quote it: the stored property's default value
    /// creates the `@ImageDatabase` helper.
    package static let bookCode = """
        // snippet: book-code
        @globalActor actor ImageDatabase { // 1

          static let shared = ImageDatabase() // 1

          let imageLoader: ImageLoader = ImageLoader() // 2

          private let storage: DiskStorage = DiskStorage() // 3
          private var storedImagesIndex: Set<String> = [] // 4

          private init() { } // 1
        }
        // snippet: end

        """

    /// The book's fix, as the notes quote it: an implicitly unwrapped property, set in an
    /// async `setup()` ("setup 코드 추가": setup code added).
    package static let setupFix = """
        // snippet: book-fix
        @globalActor actor ImageDatabase {

          static let shared = ImageDatabase()

          let imageLoader: ImageLoader = ImageLoader()

          private var storage: DiskStorage! // ✅
          private var storedImagesIndex: Set<String> = []

          private init() { }

          func setup() async throws { // ✅ setup 코드 추가
            self.storage = await DiskStorage()

            for fileURL in try await self.storage.persistedFiles() {
              self.storedImagesIndex.insert(fileURL.lastPathComponent)
            }
          }
        }
        // snippet: end

        """

    /// What the notes elide, reduced to what the book's code uses: `ImageLoader` is an
    /// actor, `DiskStorage` a class isolated to the global actor that manages a folder.
    package static let standIns = """
        // snippet: stand-ins
        import Foundation

        actor ImageLoader {}

        @ImageDatabase class DiskStorage {
          private var folder: URL

          init() {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("database")
          }

          func persistedFiles() throws -> [URL] {
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
          }
        }
        // snippet: end

        """

    /// The call moved into the actor's synchronous initializer.
    package static let initBody = """
        @globalActor actor ImageDatabase {
          static let shared = ImageDatabase()
          private let storage: DiskStorage

          private init() {
            storage = DiskStorage()
          }
        }

        """

    /// The call in a synchronous method of the actor, which runs isolated to the instance.
    package static let actorMethod = """
        @globalActor actor ImageDatabase {
          static let shared = ImageDatabase()
          private var storage: DiskStorage?

          private init() { }

          func makeStorage() {
            storage = DiskStorage()
          }
        }

        """

    /// The way out that is not: an async initializer, which `shared` cannot await.
    package static let asyncInit = """
        @globalActor actor ImageDatabase {
          static let shared = ImageDatabase()
          private let storage: DiskStorage

          private init() async {
            storage = await DiskStorage()
          }
        }

        """

    /// The book's stored properties in a class isolated to the global actor.
    package static let isolatedClass = """
        @globalActor actor ImageDatabase {
          static let shared = ImageDatabase()
          private init() { }
        }

        @ImageDatabase final class ImageStore {
          let imageLoader: ImageLoader = ImageLoader()
          private let storage: DiskStorage = DiskStorage()
          private var storedImagesIndex: Set<String> = []
        }

        """

    package static var listings: [(title: String, code: String)] {
        Snippet.listings([
            ("The book's code", bookCode), ("The book's fix", setupFix),
            ("The call in the actor's init", initBody), ("The call in a method of the actor", actorMethod),
            ("An async init", asyncInit), ("A class isolated to the global actor", isolatedClass),
            ("Stand-ins for what the notes elide, compiled with each version", standIns),
        ])
    }

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        func errors(_ version: String, languageMode: Int = 6) async throws -> [String] {
            try await environment.typecheck(
                Snippet.withoutMarkers(version + Self.standIns), languageMode: languageMode
            )
        }
        return Outcome(
            bookCodeErrors: try await errors(Self.bookCode),
            bookCodeSwift5Errors: try await errors(Self.bookCode, languageMode: 5),
            setupFixErrors: try await errors(Self.setupFix),
            initBodyErrors: try await errors(Self.initBody),
            actorMethodErrors: try await errors(Self.actorMethod),
            asyncInitErrors: try await errors(Self.asyncInit),
            isolatedClassErrors: try await errors(Self.isolatedClass)
        )
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        let verdict = Snippet.verdict
        return [
            "The book's code, in Swift 6 mode, \(verdict(outcome.bookCodeErrors)).",
            "The same code in Swift 5 mode, as the notes saw it, \(verdict(outcome.bookCodeSwift5Errors)).",
            "The book's async setup() \(verdict(outcome.setupFixErrors)).",
            "The call in the actor's init \(verdict(outcome.initBodyErrors)).",
            "The call in a method of the actor \(verdict(outcome.actorMethodErrors)).",
            "The async init \(verdict(outcome.asyncInitErrors)).",
            "The class isolated to the global actor \(verdict(outcome.isolatedClassErrors)).",
        ]
    }
}
