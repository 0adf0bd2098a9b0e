// Exercise 15, a wrong fix: a sleep "so the merge lands first". The view context merges
// other contexts' saves, as the lesson asks; and every redraw first sleeps for a few
// milliseconds, to give a save that may be on its way the time to arrive before the list
// is read. The values are right and the objects the same, but the main thread draws
// nothing while it sleeps.
// Rejected by `waits` (a job of the main actor held the main thread): the sleep parks no
// store call, so a check that counted only the store's own waits passed it.

import Foundation
import NoteStore
import WorkshopKit

@MainActor
final class InboxListSleepingForTheMerge: NoteListShowing {
    private let context: NoteContext
    private var held: [Note] = []

    init(container: NoteContainer) throws {
        context = try container.viewContext
        context.automaticallyMergesChanges = true
    }

    func show(_ ids: [NoteID]) throws {
        held = try ids.map { id throws(NoteStoreError) in try context.existingObject(with: id) }
    }

    var notes: [Note] {
        Thread.sleep(forTimeInterval: 0.005)
        return held.filter { !$0.isDeleted }
    }
}
