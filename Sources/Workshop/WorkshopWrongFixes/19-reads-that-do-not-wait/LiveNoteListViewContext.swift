// Exercise 19, a wrong fix: it keeps the misconception that the main actor's own context
// is the place to read. The list reads the view context on the main actor, with no await.
// In the lab's store the view context has a connection of its own, so no read waits behind
// a save, and the frames are mostly on time; but every read runs on the main thread,
// inside the frame, and grows with the data. In Core Data the view context's fetch goes
// through the coordinator, which "executes that work serially"
// (https://developer.apple.com/documentation/coredata/nspersistentstorecoordinator): with
// the importer's save too.
// Rejected by `contexts` (a context on the main queue).

import NoteStore
import WorkshopKit

@MainActor
final class LiveNoteListViewContext: LiveListShowing {
    private let view: NoteContext
    private(set) var screen = ListScreen(count: 0, titles: [])

    init(container: NoteContainer, importer: BatchImporter) throws {
        view = try container.viewContext
    }

    func refresh() async throws {
        let first = try view.fetch(NoteFetchDescriptor(sortBy: .id, fetchLimit: Self.titlesShown))
        screen = ListScreen(count: try view.fetchCount(), titles: first.map(\.title))
    }
}
