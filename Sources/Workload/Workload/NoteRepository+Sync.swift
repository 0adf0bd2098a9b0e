import NoteStore

// MARK: - The sync scenario's reader

extension NoteRepository {
    /// No container: the sync scenario's reader fetches what it shows again after every
    /// save, through the repository.
    public var storeContainer: NoteContainer? { nil }
}
