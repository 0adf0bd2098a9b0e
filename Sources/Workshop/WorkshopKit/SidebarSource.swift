import NoteStore

// MARK: - SidebarSource

/// What exercise 7 asks of the learner's actor: the values of a note, by identifier, or nil
/// when it was deleted. Any other failure is thrown.
public protocol SidebarSource: Actor {
    init(container: NoteContainer) throws
    func item(for id: NoteID) async throws -> NoteSnapshot?
}
