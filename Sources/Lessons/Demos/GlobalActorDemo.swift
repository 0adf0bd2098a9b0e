// Lesson 5: helpers isolated to the database's global actor call each other with no hop.
// Sources: "Concurrency (9) Global Actors", reading notes on Modern Concurrency in Swift
// (003); "ActorでCoreDataをスレッドから解放しよう", Himeshi (004).

import GlobalActorStore
import NoteStore

// MARK: - Two helpers

/// The book's `DiskStorage`: a helper class isolated to the global actor, so the
/// database calls it synchronously, on the same executor.
// snippet: helpers
@DatabaseActor
final class TitleLog {
    private(set) var titles: [String] = []
    func record(_ title: String) { titles.append(title) }
}

/// The same helper made its own actor: every call from the database is a round trip.
actor TitleLogActor {
    private(set) var titles: [String] = []
    func record(_ title: String) { titles.append(title) }
}

@DatabaseActor
final class NoteLibrary {
    private let context: NoteContext
    private let log = TitleLog()
    private let logActor = TitleLogActor()

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "library", queue: DatabaseActor.queue)
    }

    func readTitle(_ id: NoteID) throws {
        log.record(try context.existingObject(with: id).title)  // same executor: no hop
    }

    func readTitleThroughActor(_ id: NoteID) async throws {
        await logActor.record(try context.existingObject(with: id).title)  // out and back: two hops
    }
    // snippet: end

    var recorded: (isolated: Int, actor: Int) {
        get async { (log.titles.count, await logActor.titles.count) }
    }
}

// MARK: - GlobalActorDemo

package struct GlobalActorDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        /// Hops per call of `readTitle`, whose helper is `@DatabaseActor`.
        package var hopsWithIsolatedHelper: Double?
        /// Hops per call of `readTitleThroughActor`, whose helper is its own actor.
        package var hopsWithHelperActor: Double?
        /// Titles each helper recorded: the two versions did the same work.
        package var recordedByIsolatedHelper: Int
        package var recordedByHelperActor: Int
    }

    package static let name = "global-actor"
    package static let lesson = 5
    package static let summary = "helpers on the database's global actor cost no hop; a helper actor costs two"
    package static let source = Article.globalActorNotes + "; " + Article.actorsFreeCoreData
    package static let chapter = "Docs/LabGuide.docc/GlobalActor.md"
    package static let whatItDoes = """
        NoteLibrary is a @DatabaseActor class: the global actor runs on a context queue, so \
        the library uses its context directly. Each read records the title in a helper: once \
        in TitleLog, a @DatabaseActor class, and once in TitleLogActor, the same helper as \
        an actor of its own. The demo calls each version a hundred times and counts the hops.
        """
    package static let why = """
        Everything isolated to one global actor shares its executor, so calls between those \
        types are plain synchronous calls: no await, no hop. Make the helper its own actor \
        and each call leaves the database's executor and comes back, two more hops, paid on \
        every call. From outside, every call into the global actor still needs an await, \
        and a value that is not Sendable, such as a fetch request or a new note, may go in \
        when the caller made it and does not use it afterwards (region-based isolation).
        """

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let container = try await DemoStore.seeded(notes: 3, debug: true)
        let library = try await NoteLibrary(container: container)
        let isolated = try await Hops.perCall { try await library.readTitle(NoteID(1)) }
        let helperActor = try await Hops.perCall { try await library.readTitleThroughActor(NoteID(1)) }
        let recorded = await library.recorded
        return Outcome(
            hopsWithIsolatedHelper: isolated, hopsWithHelperActor: helperActor,
            recordedByIsolatedHelper: recorded.isolated, recordedByHelperActor: recorded.actor
        )
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        [
            "With the @DatabaseActor helper, a call cost \(Hops.describe(outcome.hopsWithIsolatedHelper)): "
                + "into the global actor and back out.",
            "With the helper actor, a call cost \(Hops.describe(outcome.hopsWithHelperActor)): "
                + "the same two, plus out to the helper and back.",
            "Both helpers recorded \(outcome.recordedByIsolatedHelper) and \(outcome.recordedByHelperActor) titles: "
                + "the same work.",
        ]
    }
}
