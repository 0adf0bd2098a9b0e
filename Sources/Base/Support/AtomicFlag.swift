import Synchronization

// MARK: - AtomicFlag

/// A one-way switch any thread may raise: that a change handler ran, that a child process
/// finished.
package final class AtomicFlag: Sendable {
    private let raised = Atomic(false)

    package init() {}

    package func raise() { raised.store(true, ordering: .relaxed) }

    package var isRaised: Bool { raised.load(ordering: .relaxed) }
}
