import NoteStore

// MARK: - TitleReader

/// What exercise 2 asks of the learner's type: the database it runs against, and the
/// titles of some notes.
public protocol TitleReader: Sendable {
    /// The exercise's set-up: the container the reader runs against. The debug switch is
    /// one of its options. Called once.
    static func makeContainer() throws -> NoteContainer
    init(container: NoteContainer) throws
    func titles(of ids: [NoteID]) async throws -> [String]
}
