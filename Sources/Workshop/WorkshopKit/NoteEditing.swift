import NoteStore

// MARK: - NoteEditing

/// What exercise 9 asks of the learner's type: apply an edit to a note, from many clients
/// at once.
public protocol NoteEditing: Sendable {
    init(container: NoteContainer) throws
    /// Reads the note, applies `edit` to what it read, and saves, before it returns.
    func apply(_ edit: NoteEdit, to id: NoteID) async throws
}
