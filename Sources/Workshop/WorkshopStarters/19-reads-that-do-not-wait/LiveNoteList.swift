// Exercise 19: reads that do not wait. Lesson 19: one writer, many readers. A read sent
// through the writer's context waits behind each of its saves; a read on a connection of
// its own reads the last committed snapshot and never waits for the writer.
// Source: SQLite's write-ahead log (https://www.sqlite.org/wal.html) and GRDB's
// DatabasePool (https://swiftpackageindex.com/groue/GRDB.swift/documentation/grdb/databasepool),
// reproduced with the lab's store.
//
// LiveNoteList is the model of a list on the main actor, as a SwiftUI view's is: every
// frame it shows the number of notes and the first 50 titles, while BatchImporter, a model
// actor, saves batch after batch of 5,000 notes. `lab workshop check 19` imports into
// a database file and calls refresh() 120 times a second (a frame every 8.3 ms) for the
// length of the import. It counts the reads that waited behind a save (it wants none) and
// the frames missed, and checks what every frame shows.
//
// Keep the class's name and its LiveListShowing conformance: the check uses them.

import NoteStore
import WorkshopKit

@MainActor
final class LiveNoteList: LiveListShowing {
    private let container: NoteContainer
    private let importer: BatchImporter
    private(set) var screen = ListScreen(count: 0, titles: [])

    init(container: NoteContainer, importer: BatchImporter) {
        self.container = container
        self.importer = importer
    }

    /// One frame: the count and the first titles.
    func refresh() async throws {
        screen = try await importer.listScreen(titles: Self.titlesShown)
    }
}

extension BatchImporter {
    /// The list's read, in the importer's context: one job of its queue.
    func listScreen(titles: Int) throws -> ListScreen {
        let first = try context.fetch(NoteFetchDescriptor(sortBy: .id, fetchLimit: titles))
        return ListScreen(count: try context.fetchCount(), titles: first.map(\.title))
    }
}
