import NoteStore

// MARK: - NoteArchive

/// What exercises 1, 3 and 4 ask of the learner's type, whatever kind of type it is (a
/// class, a plain actor, an actor on the context's queue): import batches and read notes
/// back, from async code, in the container it is given.
public protocol NoteArchive: Sendable {
    init(container: NoteContainer) throws
    func importBatch(_ batch: NoteBatch) async throws
    func snapshot(of id: NoteID) async throws -> NoteSnapshot
}
