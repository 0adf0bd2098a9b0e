import Synchronization

// MARK: - MergeInbox

/// Where other contexts' saves wait for a context that merges them automatically.
///
/// A save posts its changes here from the saving context's queue and schedules one job on
/// the receiving context's queue, which merges everything posted so far. The receiving
/// context may also merge what is waiting itself (``NoteContext/mergePendingChanges()``),
/// so that a read never depends on when the job runs.
final class MergeInbox: Sendable {
    let queue: ContextQueue
    let owner: ObjectIdentifier
    private let pending = Mutex<[NoteChanges]>([])
    /// The receiving context. Written once, before the inbox is shared, and dereferenced
    /// only in a job on `queue`, the context's own queue: never by two threads at once.
    nonisolated(unsafe) weak var context: NoteContext?

    init(context: NoteContext) {
        self.queue = context.queue
        self.owner = ObjectIdentifier(context)
        self.context = context
    }

    /// Queues `changes` and schedules their merge on the receiving context's queue.
    func post(_ changes: NoteChanges) {
        pending.withLock { $0.append(changes) }
        queue.async { [self] in
            context?.mergePendingChanges()
        }
    }

    /// Everything posted and not merged yet, oldest first.
    func takeAll() -> [NoteChanges] {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
