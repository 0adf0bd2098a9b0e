import NoteStore

// MARK: - NoteArchive

/// What the exercises about reaching a context ask of the learner's type, whatever kind of
/// type it is (a class, a plain actor, an actor on the context's queue): import batches and
/// read notes back, from async code, in the container it is given.
public protocol NoteArchive: Sendable {
    init(container: NoteContainer) throws
    func importBatch(_ batch: NoteBatch) async throws
    func snapshot(of id: NoteID) async throws -> NoteSnapshot
}
