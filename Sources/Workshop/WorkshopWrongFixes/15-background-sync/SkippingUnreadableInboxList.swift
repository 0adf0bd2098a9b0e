import NoteStore
import WorkshopKit

// A wrong fix of exercise 15 (swallows a failure): the list holds the view context's
// objects and merges other contexts' saves, as the lesson asks, but a note that cannot be
// read is left out of the list, "so one bad row does not blank the screen". show(_:)
// returns normally when a read failed with a disk error, and the list quietly shows fewer
// notes than it was given, as if the missing ones had been deleted.
@MainActor
final class SkippingUnreadableInboxList: NoteListShowing {
    private let context: NoteContext
    private var held: [Note] = []

    init(container: NoteContainer) throws {
        context = try container.viewContext
        context.automaticallyMergesChanges = true
    }

    func show(_ ids: [NoteID]) throws {
        held = ids.compactMap { id in try? context.existingObject(with: id) }
    }

    var notes: [Note] {
        held.filter { !$0.isDeleted }
    }
}
