// Exercise 13: the crash with no warning. A closure written in @MainActor code inherits the
// main actor, as Task { } does (lesson 8); run on a context's queue, Swift 6 stops it.
// Source: "SwiftData 中的并发编程", Fatbobman.
//
// NoteList loads titles with performBlock, the store's version of Core Data's Objective-C
// perform(_:). It compiles in Swift 6 mode without a warning. `lab workshop check 13` calls
// reload() on the main actor: make it run to its end and load every title.
//
// Keep the class's name and its NoteListModel conformance: the check uses them.

import NoteStore
import WorkshopKit

@MainActor
final class NoteList: NoteListModel {
    private(set) var titles: [String] = []
    private let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "note-list")
    }

    func reload() async throws {
        // The async perform's closure is `sending`: isolated to no actor, so it may run on
        // the context's queue. Only the titles come back to the main actor.
        titles = try await context.perform { context in try context.fetch().map(\.title) }
    }
}
