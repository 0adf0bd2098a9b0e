#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NoteStore

// MARK: - NoteDraft

/// A note to add: its values, and no identifier yet.
public struct NoteDraft: Sendable, Equatable {
    public var folder: FolderID
    public var title: String
    public var body: String
    public var created: Date

    public init(folder: FolderID, title: String, body: String, created: Date) {
        self.folder = folder
        self.title = title
        self.body = body
        self.created = created
    }
}

// MARK: - NoteDesk

/// What exercise 17 asks of the learner's type: add notes in a writer's context, save them
/// together, and open them in a reader's context by the identifiers `add` returned.
public protocol NoteDesk: Sendable {
    init(container: NoteContainer) throws
    /// Inserts a note with `draft`'s values in the writer's context, and returns the
    /// identifier the rest of the app will open it by. The note is saved by `saveAll()`.
    func add(_ draft: NoteDraft) async throws -> NoteID
    /// Saves every note added since the last save, in one transaction.
    func saveAll() async throws
    /// The values of the note with `id`, read in the reader's context; nil when no note has
    /// this identifier (it was deleted). Any other failure is thrown.
    func open(_ id: NoteID) async throws -> NoteSnapshot?
}
