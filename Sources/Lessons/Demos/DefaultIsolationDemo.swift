// Lesson 14: in a module whose default isolation is the main actor, a "background" import
// runs on the main actor; `@concurrent` takes it off.
// Source: SE-0466, default actor isolation, and SE-0461, nonisolated async functions.

// MARK: - DefaultIsolationDemo

package struct DefaultIsolationDemo: Demo {
    /// Whether each importer's import ran on the main actor, in one build of the module.
    package struct Placements: Codable, Sendable, Equatable {
        package var unannotated: Bool
        package var nonisolated: Bool
        package var concurrent: Bool
    }

    package struct Outcome: Codable, Sendable, Equatable {
        /// Built as the Swift 6 language mode does by default: declarations are nonisolated.
        package var nonisolatedDefault: Placements
        /// Built with `-default-isolation MainActor`.
        package var mainActorDefault: Placements
        /// Built with `-default-isolation MainActor` and `NonisolatedNonsendingByDefault`.
        package var approachable: Placements
        /// The compiler's errors for the `@concurrent` import that makes model objects, with
        /// the model left to the default isolation, and with the model `nonisolated`.
        package var concurrentMakingNotesErrors: [String]
        package var concurrentMakingNonisolatedNotesErrors: [String]
    }

    package static let name = "default-isolation"
    package static let lesson = 14
    package static let summary = "with main-actor default isolation a background import runs on the main actor"
    package static let source = Article.defaultIsolation
    package static let chapter = "Docs/LabGuide.docc/DefaultIsolation.md"
    package static let whatItDoes = """
        Compiles one small module, a model and three importers written without an isolation \
        attribute except on the import method (none, nonisolated, @concurrent), three ways: \
        as Swift 6 builds it by default, with -default-isolation MainActor, and with that \
        plus NonisolatedNonsendingByDefault (Xcode's Approachable Concurrency). Each build \
        runs, awaits each import from the main actor and prints whether it ran there. Then it \
        type-checks a @concurrent import that creates model objects, with the model left to \
        the main-actor default and with the model nonisolated.
        """
    package static let why = """
        Default isolation is a setting of the module, not of the code: the same source \
        builds to types that belong to no actor or to the main actor. With the main actor as \
        the default, the importer is @MainActor, and awaiting it from anywhere runs the \
        import on the main actor, where it blocks the interface. nonisolated is not enough \
        when nonisolated async functions run on the caller's actor (SE-0461, on under \
        Approachable Concurrency): called from the main actor, it stays there. @concurrent \
        always leaves the caller's actor. What it touches must then be nonisolated too: a \
        model type that defaulted to the main actor cannot be created off it.
        """

    /// The module, compiled three ways.
    package static let module = """
        // snippet: module
        import Dispatch

        /// Where code runs: on the main dispatch queue, which the main actor's executor drains.
        nonisolated enum Place {
            static let key: DispatchSpecificKey<Bool> = {
                let key = DispatchSpecificKey<Bool>()
                DispatchQueue.main.setSpecific(key: key, value: true)
                return key
            }()
            static var isMainActor: Bool { DispatchQueue.getSpecific(key: key) == true }
        }

        final class Note {
            var title: String
            init(title: String) { self.title = title }
        }

        final class NoteImporter {
            private(set) var notes: [Note] = []

            func importNotes(_ titles: [String]) async -> Bool {
                notes = titles.map(Note.init(title:))
                return Place.isMainActor
            }
        }

        final class NonisolatedImporter {
            nonisolated func importNotes(_ titles: [String]) async -> Bool {
                Place.isMainActor
            }
        }

        final class ConcurrentImporter {
            @concurrent nonisolated func importNotes(_ titles: [String]) async -> Bool {
                Place.isMainActor
            }
        }
        // snippet: end

        _ = Place.key
        let titles = (1...100).map { "Note \\($0)" }
        print("unannotated \\(await NoteImporter().importNotes(titles))")
        print("nonisolated \\(await NonisolatedImporter().importNotes(titles))")
        print("concurrent \\(await ConcurrentImporter().importNotes(titles))")

        """

    /// The `@concurrent` import creating the model objects it imports.
    package static let concurrentMakingNotes = """
        // snippet: concurrent-making-notes
        final class ConcurrentNoteImporter {
            @concurrent nonisolated func importNotes(_ titles: [String]) async -> Int {
                var notes: [Note] = []
                for title in titles { notes.append(Note(title: title)) }
                return notes.count
            }
        }
        // snippet: end

        """

    /// The model, left to the module's default isolation.
    package static let model = """
        final class Note {
            var title: String
            init(title: String) { self.title = title }
        }

        """

    /// The model made nonisolated: it belongs to whichever code creates it.
    package static let nonisolatedModel = """
        // snippet: nonisolated-model
        nonisolated final class Note {
            var title: String
            init(title: String) { self.title = title }
        }
        // snippet: end

        """

    /// The compiler's arguments for each build of ``module``.
    static let mainActorDefault = ["-default-isolation", "MainActor"]
    static let approachable = mainActorDefault + ["-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]

    package static var listings: [(title: String, code: String)] {
        Snippet.listings([
            ("The module, compiled three ways", module),
            ("A @concurrent import that creates model objects", concurrentMakingNotes),
            ("The model made nonisolated", nonisolatedModel),
        ])
    }

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        func placements(_ arguments: [String]) async throws -> Placements {
            let (errors, output) = try await environment.compileAndRun(
                Snippet.withoutMarkers(Self.module), arguments: arguments
            )
            guard errors.isEmpty else { throw DemoError.unexpected("the module does not compile: \(errors)") }
            let ranOnMain = Snippet.printed(output).compactMapValues { $0.count == 1 ? $0[0] == "true" : nil }
            guard let unannotated = ranOnMain["unannotated"], let nonisolated = ranOnMain["nonisolated"],
                  let concurrent = ranOnMain["concurrent"] else {
                throw DemoError.unexpected("the module printed: \(output)")
            }
            return Placements(unannotated: unannotated, nonisolated: nonisolated, concurrent: concurrent)
        }
        func errors(_ model: String) async throws -> [String] {
            try await environment.typecheck(
                Snippet.withoutMarkers(model + Self.concurrentMakingNotes), arguments: Self.approachable
            )
        }
        return Outcome(
            nonisolatedDefault: try await placements([]),
            mainActorDefault: try await placements(Self.mainActorDefault),
            approachable: try await placements(Self.approachable),
            concurrentMakingNotesErrors: try await errors(Self.model),
            concurrentMakingNonisolatedNotesErrors: try await errors(Self.nonisolatedModel)
        )
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        func placed(_ placements: Placements) -> String {
            func place(_ onMain: Bool) -> String { onMain ? "on the main actor" : "off the main actor" }
            return "the unannotated import ran \(place(placements.unannotated)), the nonisolated one "
                + "\(place(placements.nonisolated)), the @concurrent one \(place(placements.concurrent))"
        }
        let verdict = Snippet.verdict
        return [
            "Built with the Swift 6 default (nonisolated), \(placed(outcome.nonisolatedDefault)).",
            "Built with -default-isolation MainActor, \(placed(outcome.mainActorDefault)).",
            "With NonisolatedNonsendingByDefault too, \(placed(outcome.approachable)).",
            "A @concurrent import creating the main-actor model \(verdict(outcome.concurrentMakingNotesErrors)).",
            "With the model nonisolated, it \(verdict(outcome.concurrentMakingNonisolatedNotesErrors)).",
        ]
    }
}
