#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NoteStore

// MARK: - NoteRow

/// What a list shows of a note: the four values of the `chatty` scenario.
public struct NoteRow: Sendable, Equatable {
    public var title: String
    public var body: String
    public var folderName: String
    public var modified: Date

    public init(title: String, body: String, folderName: String, modified: Date) {
        self.title = title
        self.body = body
        self.folderName = folderName
        self.modified = modified
    }
}

// MARK: - RowLoading

/// What exercise 10 asks of the learner's type: a main-actor view model that loads a list
/// row from an actor that owns the context.
@MainActor
public protocol RowLoading: AnyObject, Sendable {
    init(container: NoteContainer) throws
    /// Loads the row of note `id`.
    func load(_ id: NoteID) async throws
    /// The row loaded last.
    var row: NoteRow { get }
}
