import NoteStore

// MARK: - NoteImporting

/// What exercise 8 asks of the learner's type: a main-actor object that imports a note file.
@MainActor
public protocol NoteImporting: AnyObject, Sendable {
    init(container: NoteContainer)
    /// Imports the folders and notes of an export file (see ``NoteFile``).
    func importFile(_ lines: [String]) async throws
}
