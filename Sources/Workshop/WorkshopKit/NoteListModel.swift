import NoteStore

// MARK: - NoteListModel

/// What exercise 13 asks of the learner's type: a main-actor view model that loads titles.
@MainActor
public protocol NoteListModel: AnyObject, Sendable {
    init(container: NoteContainer) throws
    /// Loads every note's title, in identifier order.
    func reload() async throws
    var titles: [String] { get }
}
