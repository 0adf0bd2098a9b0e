// A wrong fix of exercise 19 (returns before its work is done): each frame reads through a
// reader of the container's pool, as the lesson asks, but refresh() starts the read in a
// task and returns at once, "the screen updates itself when the read is done". A frame is
// drawn before its read, with the values of an earlier one, and a read that fails is
// dropped inside the task.

import NoteStore
import WorkshopKit

@MainActor
final class LiveNoteListRefreshingInATask: LiveListShowing {
    private let container: NoteContainer
    private let importer: BatchImporter
    private(set) var screen = ListScreen(count: 0, titles: [])

    init(container: NoteContainer, importer: BatchImporter) {
        self.container = container
        self.importer = importer
    }

    func refresh() async throws {
        let container = container
        let titles = Self.titlesShown
        Task {
            let read = try? await container.read { context in
                let first = try context.fetch(NoteFetchDescriptor(sortBy: .id, fetchLimit: titles))
                return ListScreen(count: try context.fetchCount(), titles: first.map(\.title))
            }
            if let read { screen = read }
        }
    }
}
