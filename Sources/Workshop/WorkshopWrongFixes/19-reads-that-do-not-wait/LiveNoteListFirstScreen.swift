// Exercise 19, a wrong fix: an answer that never touches the database again. The list
// reads its first frame through the reader pool and keeps showing it: no frame ever waits,
// and none shows what the importer saved since.
// Rejected by `screen` (frames that show fewer notes than were saved when they began).

import NoteStore
import WorkshopKit

@MainActor
final class LiveNoteListFirstScreen: LiveListShowing {
    private let container: NoteContainer
    private var first: ListScreen?

    init(container: NoteContainer, importer: BatchImporter) throws {
        self.container = container
    }

    var screen: ListScreen { first ?? ListScreen(count: 0, titles: []) }

    func refresh() async throws {
        guard first == nil else { return }
        let titles = Self.titlesShown
        first = try await container.read { context in
            let notes = try context.fetch(NoteFetchDescriptor(sortBy: .id, fetchLimit: titles))
            return ListScreen(count: try context.fetchCount(), titles: notes.map(\.title))
        }
    }
}
