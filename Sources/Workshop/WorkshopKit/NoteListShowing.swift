import NoteStore

// MARK: - NoteListShowing

/// What exercise 15 asks of the learner's type: a main-actor list that holds the notes it
/// shows, as a SwiftUI list holds its managed objects, and shows what another context saved.
@MainActor
public protocol NoteListShowing: AnyObject, Sendable {
    init(container: NoteContainer) throws
    /// Loads the notes with `ids`, to show them in this order. Called once.
    func show(_ ids: [NoteID]) throws
    /// The notes the list shows now: those of `show(_:)`, in its order, without the ones that
    /// were deleted. Read on every redraw, on the main actor.
    var notes: [Note] { get }
}
