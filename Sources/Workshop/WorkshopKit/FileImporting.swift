import CustomExecutorStore
import NoteStore

// MARK: - FileImportingActor

/// What exercise 16 asks of the learner's importer: a model actor (its executor is its
/// context's queue) that imports a note export file.
public protocol FileImportingActor: NoteModelActor {
    /// Parses `lines` with ``NoteFile/batch(from:)`` and saves their folders and notes in the
    /// actor's context.
    func importFile(_ lines: [String]) async throws
}

// MARK: - ImportScreenModel

/// What exercise 16 asks of the learner's screen: a main-actor view model that makes the
/// importer it imports with.
@MainActor
public protocol ImportScreenModel: AnyObject, Sendable {
    associatedtype Importer: FileImportingActor
    init(container: NoteContainer)
    /// Makes the screen's importer, as a view does in `.task { }` when it appears.
    func makeImporter() async throws -> Importer
}
