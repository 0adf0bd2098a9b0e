// Exercise 19, a wrong fix: it ignores what the check hands in. The list opens a container
// of its own on the same database file and reads through that container's reader pool: the
// reads are right and never wait, but they run in a store the check does not watch, with
// its own counts and its own trap setting.
// Rejected by `store` (a container of its own).

import NoteStore
import WorkshopKit

@MainActor
final class LiveNoteListOwnStore: LiveListShowing {
    private let readers: NoteContainer
    private(set) var screen = ListScreen(count: 0, titles: [])

    init(container: NoteContainer, importer: BatchImporter) throws {
        readers = try NoteContainer(location: .file(container.locationDescription), options: .init(concurrencyDebug: false))
    }

    func refresh() async throws {
        let titles = Self.titlesShown
        screen = try await readers.read { context in
            let first = try context.fetch(NoteFetchDescriptor(sortBy: .id, fetchLimit: titles))
            return ListScreen(count: try context.fetchCount(), titles: first.map(\.title))
        }
    }
}
