// MARK: - RepositoryCall

/// The calls of ``NoteRepository`` an operation makes.
public enum RepositoryCall: String, CaseIterable, Sendable {
    case importBatch, snapshot, update, title, body, folderName, modified
}

extension ScenarioPlan.Operation {
    /// The repository calls this operation makes, in order.
    public var calls: [RepositoryCall] {
        switch self {
        case .importBatch: [.importBatch]
        case .pointRead: [.snapshot]
        case .update: [.update]
        case .chatty: [.title, .body, .folderName, .modified]
        // The reader's calls are not counted: a store row's view reads no repository.
        case .sync(let write): write.calls
        }
    }
}
