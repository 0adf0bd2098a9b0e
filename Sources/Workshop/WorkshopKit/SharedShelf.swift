import NoteStore

// MARK: - SharedShelf

/// What exercise 6 asks of the learner's global actor: its shared instance, a set-up step,
/// and the titles of the notes it loaded.
public protocol SharedShelf: Actor {
    static var shared: Self { get }
    /// Loads the notes of `container`. Called before anything else, and called again when it
    /// threw: a shelf whose load failed is set up again.
    func setup(container: NoteContainer) async throws
    /// The loaded notes' titles, in the order of the titles.
    func titles() async -> [String]
}
