// Lesson 15: save in the background, see it in the user interface. A save publishes what it
// changed; a view context merges it, by hand or automatically.

import CustomExecutorStore
import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - BackgroundImporter

/// The background writer: a `@ModelActor`-style actor on a context of its own.
actor BackgroundImporter: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        modelExecutor = ContextExecutor(context: context)
    }

    /// Inserts `count` notes, retitles one, deletes another, and saves once.
    func importAndEdit(count: Int, retitle: NoteID, to title: String, delete: NoteID) throws -> NoteChanges {
        let inbox = try context.existingFolder(with: FolderID(1))
        for number in 1...count {
            context.insertNote(title: "Imported \(number)", body: "", folder: inbox, created: Date(timeIntervalSince1970: 1_700_000_000))
        }
        try context.existingObject(with: retitle).title = title
        context.delete(try context.existingObject(with: delete))
        return try context.save()
    }
}

// MARK: - NoteListScreen

/// The user interface: a list on the main actor that holds the notes it shows, read from
/// the view context (merging automatically) and from a second main-queue context that
/// merges only when told.
@MainActor
final class NoteListScreen {
    let view: NoteContext
    let manual: NoteContext
    let shown: [Note]
    let manualShown: [Note]

    init(container: NoteContainer, showing ids: [NoteID]) throws {
        let view = try container.viewContext
        view.automaticallyMergesChanges = true
        let manual = try container.newContext(name: "manual-view", queue: .main)
        shown = try ids.map { id throws(NoteStoreError) in try view.existingObject(with: id) }
        manualShown = try ids.map { id throws(NoteStoreError) in try manual.existingObject(with: id) }
        self.view = view
        self.manual = manual
    }
}

// MARK: - BackgroundSyncDemo

package struct BackgroundSyncDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        /// What the save published: notes inserted, updated, deleted.
        package var published: [Int]
        /// The view context's count before and after the background save.
        package var countBefore: Int
        package var countAfter: Int
        /// The held note's title before and after, with no fetch in between.
        package var titleBefore: String
        package var titleAfter: String
        /// Whether the view context still hands out the very object the screen holds.
        package var sameObject: Bool
        /// The deleted note's object: marked deleted, and gone from the identity map.
        package var deletedObjectIsDeleted: Bool
        package var deletedStillRegistered: Bool
        /// The note nobody touched: the same object, still loaded.
        package var untouchedKeptIdentity: Bool
        /// The context that merges by hand: its title before and after `mergeChanges(from:)`.
        package var manualTitleBeforeMerge: String
        package var manualTitleAfterMerge: String
    }

    package static let name = "background-sync"
    package static let lesson = 15
    package static let summary = "a background actor saves; the main-actor view context merges it without a refetch"
    package static let source = Article.beyondTheArticles
    package static let chapter = "Docs/LabGuide.docc/BackgroundSync.md"
    package static let newTitle = "Edited in the background"
    package static let whatItDoes = """
        A main-actor screen shows notes 1 to 3 from the container's view context (merging \
        automatically) and from a second main-queue context (merging by hand). A background \
        actor on its own context inserts five notes, retitles note 1, deletes note 3 and \
        saves once. The screen then reads the count and the objects it already holds, with \
        no fetch, and the second context merges the published changes with \
        mergeChanges(from:).
        """
    package static let why = """
        Each context has its own objects; a save elsewhere changes the database, not them. \
        A save therefore publishes what it changed, as identifiers (Core Data's \
        NSManagedObjectContextDidSave, SwiftData's ModelContext.didSave), and a context that \
        merges them refreshes the objects it holds: updated ones read their new values, \
        deleted ones leave, the rest keep their identity. automaticallyMergesChanges (Core \
        Data's automaticallyMergesChangesFromParent) schedules that merge on the view \
        context's own queue for every save; without it, the view shows stale values until \
        it merges by hand or fetches again.
        """

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let container = try await DemoStore.seeded(notes: 3, debug: true)
        let ids = [NoteID(1), NoteID(2), NoteID(3)]
        let before = try await Self.look(at: container, showing: ids)
        let importer = try BackgroundImporter(container: container)
        let changes = try await importer.importAndEdit(count: 5, retitle: ids[0], to: Self.newTitle, delete: ids[2])
        return try await Self.observe(before, container: container, after: changes)
    }

    private struct Before {
        var count: Int
        var title: String
        var screen: NoteListScreen
    }

    @MainActor
    private static func look(at container: NoteContainer, showing ids: [NoteID]) throws -> Before {
        let screen = try NoteListScreen(container: container, showing: ids)
        return Before(count: try screen.view.fetchCount(), title: screen.shown[0].title, screen: screen)
    }

    /// On the main actor, after the save: the save's merge job was queued on the main
    /// queue before this call, so it has run.
    @MainActor
    private static func observe(_ before: Before, container: NoteContainer, after changes: NoteChanges) throws -> Outcome {
        let screen = before.screen
        let view = screen.view
        let manualBefore = screen.manualShown[0].title
        screen.manual.mergeChanges(from: changes)
        return Outcome(
            published: [changes.inserted.count, changes.updated.count, changes.deleted.count],
            countBefore: before.count,
            countAfter: try view.fetchCount(),
            titleBefore: before.title,
            titleAfter: screen.shown[0].title,
            sameObject: view.registeredObject(for: screen.shown[0].id) === screen.shown[0],
            deletedObjectIsDeleted: screen.shown[2].isDeleted,
            deletedStillRegistered: view.registeredObject(for: screen.shown[2].id) != nil,
            untouchedKeptIdentity: view.registeredObject(for: screen.shown[1].id) === screen.shown[1]
                && !screen.shown[1].isFault,
            manualTitleBeforeMerge: manualBefore,
            manualTitleAfterMerge: screen.manualShown[0].title
        )
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        let published = outcome.published
        return [
            "The background save published \(published[0]) inserted, \(published[1]) updated and "
                + "\(published[2]) deleted notes, as identifiers.",
            "The view context counted \(outcome.countBefore) notes before and \(outcome.countAfter) after.",
            "The note the screen held changed its title from \"\(outcome.titleBefore)\" to "
                + "\"\(outcome.titleAfter)\" with no fetch, and is \(outcome.sameObject ? "still" : "no longer") "
                + "the view context's object.",
            "The deleted note's object is \(outcome.deletedObjectIsDeleted ? "marked deleted" : "not marked deleted") "
                + "and \(outcome.deletedStillRegistered ? "still" : "no longer") registered; the untouched note "
                + "\(outcome.untouchedKeptIdentity ? "kept" : "lost") its object.",
            "The context that merges by hand still showed \"\(outcome.manualTitleBeforeMerge)\", and "
                + "\"\(outcome.manualTitleAfterMerge)\" after mergeChanges(from:).",
        ]
    }
}
