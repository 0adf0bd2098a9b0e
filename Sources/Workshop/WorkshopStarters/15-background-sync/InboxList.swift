// Exercise 15: background sync. Lesson 15: a save in another context changes the database,
// not the objects the view context already holds; the view shows it once it merges.
// Source: Core Data's automaticallyMergesChangesFromParent, reproduced with the lab's store
// (https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/automaticallymergeschangesfromparent).
//
// InboxList is the model of a list on the main actor, as a SwiftUI view's is: it holds the
// notes it shows, from the container's view context, and every redraw reads `notes`.
// `lab workshop check 15` shows ten notes, edits three and deletes one in a background
// context of its own, saves, and redraws: the list must show what was saved, in the same
// objects, without reading every note again.
//
// Keep the class's name and its NoteListShowing conformance: the check uses them.

import NoteStore
import WorkshopKit

@MainActor
final class InboxList: NoteListShowing {
    private let context: NoteContext
    private var held: [Note] = []

    init(container: NoteContainer) throws {
        // The view context: its queue is the main queue, so the main actor uses it directly.
        context = try container.viewContext
    }

    func show(_ ids: [NoteID]) throws {
        held = try ids.map { id throws(NoteStoreError) in try context.existingObject(with: id) }
    }

    var notes: [Note] {
        held.filter { !$0.isDeleted }
    }
}
