// Exercise 13: the crash with no warning (lesson 13). A closure written in @MainActor code
// inherits the main actor, as Task { } does; run on a context's queue, Swift 6 stops it.
// Source: SE-0423, "Dynamic actor isolation enforcement from non-strict-concurrency contexts".
//
// NoteList loads titles with performBlock: a callback API from a module built without strict
// checking, as an unannotated Objective-C API is. It compiles in Swift 6 mode without a
// warning. (Core Data's own perform(_:) takes a @Sendable closure in today's SDK, so there
// the compiler rejects this code.) `lab workshop check 13` calls reload() on the main actor:
// make it run to its end and load every title. A fetch on a main-queue context from the
// main actor passes too (Apple documents the view context as "associated with the main
// queue": developer.apple.com/documentation/coredata/nspersistentcontainer/viewcontext); a
// context confined to an actor with confine(to:) does not.
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
