import GlobalActorStore
import NoteStore

// MARK: - TitleIndex

/// What exercise 5 asks of the learner's type: titles by identifier, from a class isolated
/// to the database's global actor, with a cache that spares a second read of a note.
@DatabaseActor
public protocol TitleIndex: AnyObject, Sendable {
    init(container: NoteContainer) throws
    func title(of id: NoteID) async throws -> String
}
