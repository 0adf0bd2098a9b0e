// Exercise 19, a wrong fix: it blocks instead of awaiting. The list gives itself a context
// of its own, with its own connection and queue, and reads through it with performAndWait:
// no save ever runs on that queue, so no read waits behind one. But the main thread parks
// until the reader's queue has run every read, 120 times a second.
// Rejected by `waits` (synchronous waits on the main thread).

import NoteStore
import WorkshopKit

@MainActor
final class LiveNoteListWaiting: LiveListShowing {
    private let reader: NoteContext
    private(set) var screen = ListScreen(count: 0, titles: [])

    init(container: NoteContainer, importer: BatchImporter) throws {
        reader = try container.newContext(name: "list")
    }

    func refresh() async throws {
        let titles = Self.titlesShown
        let reader = reader
        screen = try reader.performAndWait { () throws(NoteStoreError) in
            let first = try reader.fetch(NoteFetchDescriptor(sortBy: .id, fetchLimit: titles))
            return ListScreen(count: try reader.fetchCount(), titles: first.map(\.title))
        }
    }
}
