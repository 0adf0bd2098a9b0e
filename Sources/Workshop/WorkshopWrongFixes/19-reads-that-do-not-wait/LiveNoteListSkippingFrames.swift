// Exercise 19, a wrong fix: it skips the work. Reading 120 times a second looks wasteful,
// so the list reads through the reader pool at most once every 50 ms and shows its last
// read in the frames between: few reads, none behind a save, and a list that lags.
// Rejected by `reads` (frames that did not read the store).

import NoteStore
import WorkshopKit

@MainActor
final class LiveNoteListSkippingFrames: LiveListShowing {
    private let container: NoteContainer
    private var lastRead: ContinuousClock.Instant?
    private(set) var screen = ListScreen(count: 0, titles: [])

    init(container: NoteContainer, importer: BatchImporter) throws {
        self.container = container
    }

    func refresh() async throws {
        let now = ContinuousClock.now
        if let lastRead, now - lastRead < .milliseconds(50) { return }
        lastRead = now
        let titles = Self.titlesShown
        screen = try await container.read { context in
            let first = try context.fetch(NoteFetchDescriptor(sortBy: .id, fetchLimit: titles))
            return ListScreen(count: try context.fetchCount(), titles: first.map(\.title))
        }
    }
}
