// Exercise 19, a wrong fix: it keeps the misconception. The list sends its read to the
// importer from Task.detached, off the main actor. Where the read is sent from does not
// matter: it is still a job of the importer's queue, and it still waits for the save in
// progress.
// Rejected by `behind-writes` (reads queued behind a save).

import NoteStore
import WorkshopKit

@MainActor
final class LiveNoteListDetached: LiveListShowing {
    private let importer: BatchImporter
    private(set) var screen = ListScreen(count: 0, titles: [])

    init(container: NoteContainer, importer: BatchImporter) throws {
        self.importer = importer
    }

    func refresh() async throws {
        let importer = importer
        let titles = Self.titlesShown
        screen = try await Task.detached { try await importer.detachedListScreen(titles: titles) }.value
    }
}

extension BatchImporter {
    /// The list's read, in the importer's context.
    fileprivate func detachedListScreen(titles: Int) throws -> ListScreen {
        let first = try context.fetch(NoteFetchDescriptor(sortBy: .id, fetchLimit: titles))
        return ListScreen(count: try context.fetchCount(), titles: first.map(\.title))
    }
}
