// MARK: - RepositoryCall

/// The calls of ``NoteRepository`` an operation makes, and the list's read.
public enum RepositoryCall: String, CaseIterable, Sendable {
    case importBatch, snapshot, update, title, body, folderName, modified
    /// ``NoteRepository/listScreen(titles:)``: no operation makes it; a scenario's list does,
    /// from the main actor, once per frame it renders (``ListFrameReader``).
    case listScreen

    /// Whether the call saves: an import or an update. The others read.
    public var writes: Bool {
        switch self {
        case .importBatch, .update: true
        case .snapshot, .title, .body, .folderName, .modified, .listScreen: false
        }
    }
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
