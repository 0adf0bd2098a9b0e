// A wrong fix of exercise 19 (swallows the failure): each frame reads through a reader of
// the container's pool, as the lesson asks, but a read that fails is caught inside
// refresh(), "so the screen does not flash an error 120 times a second", and the frame keeps
// what the last one showed. The caller is never told: a disk that stops answering looks
// like a list that stopped changing.

import NoteStore
import WorkshopKit

@MainActor
final class LiveNoteListKeepingTheLastScreen: LiveListShowing {
    private let container: NoteContainer
    private let importer: BatchImporter
    private(set) var screen = ListScreen(count: 0, titles: [])

    init(container: NoteContainer, importer: BatchImporter) {
        self.container = container
        self.importer = importer
    }

    func refresh() async throws {
        let titles = Self.titlesShown
        do {
            screen = try await container.read { context in
                let first = try context.fetch(NoteFetchDescriptor(sortBy: .id, fetchLimit: titles))
                return ListScreen(count: try context.fetchCount(), titles: first.map(\.title))
            }
        } catch {
            // Keep the last screen.
        }
    }
}
