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

extension Scenario {
    /// The repository calls every operation of the scenario makes (``ScenarioPlan/Operation/calls``
    /// counted), known without generating a plan: four property reads for `chatty`, one call
    /// for every other operation (a sync operation's reader makes no repository call).
    public var callsPerOperation: Int {
        self == .chatty ? 4 : 1
    }
}
