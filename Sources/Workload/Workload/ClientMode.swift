// MARK: - ClientMode

/// How a row's clients run: the part of a row that is the caller's, not the repository's.
public enum ClientMode: Sendable {
    /// One after another on one task: the contract of a single-threaded baseline.
    case sequential
    /// Each client in a task of its own, on the cooperative pool.
    case concurrent
    /// Each client in a task of its own that prefers the executor the row hands out for its
    /// open repository (SE-0417): the task's nonisolated code runs there instead of on the
    /// cooperative pool. Nil from the closure runs the clients as ``concurrent``.
    case concurrentPreferring(@Sendable (any NoteRepository) -> (any TaskExecutor)?)

    /// Whether clients overlap.
    public var isConcurrent: Bool {
        if case .sequential = self { false } else { true }
    }
}
