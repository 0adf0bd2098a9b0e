// MARK: - The view context

extension NoteContainer {
    /// The context the user interface reads from, confined to the main queue: Core Data's
    /// `viewContext`, SwiftData's `mainContext`. Main-actor code uses it directly, with no
    /// `perform`. Made on first use, then the same one every time.
    ///
    /// It sees other contexts' saves when it fetches, but its registered objects keep the
    /// values they had until it merges the changes: set
    /// ``NoteContext/automaticallyMergesChanges`` or call ``NoteContext/mergeChanges(from:)``.
    ///
    /// - Throws: `NoteStoreError.cannotOpen`, `.notADatabase` or `.busy` when the first use
    ///   cannot open its connection; later uses never throw.
    @MainActor
    public var viewContext: NoteContext {
        get throws(NoteStoreError) {
            if let viewContextStorage { return viewContextStorage }
            let context = try newContext(name: "view", queue: .main, ownedByContainer: true)
            viewContextStorage = context
            return context
        }
    }

    // MARK: Publishing saves

    /// Hands `changes`, saved by `source`, to every other context that merges automatically.
    func publish(_ changes: NoteChanges, from source: NoteContext) {
        let inboxes = mergeInboxes.withLock { inboxes in
            inboxes.values.filter { $0.owner != ObjectIdentifier(source) }
        }
        for inbox in inboxes { inbox.post(changes) }
    }
}

// MARK: Merges on the main queue

extension NoteContainer {
    /// The view context if the interface has asked for it, without making one.
    @MainActor
    package var viewContextIfMade: NoteContext? { viewContextStorage }

    /// Merges of other contexts' saves that this container's contexts on the main queue (a
    /// view context that merges) made so far: how many, and how long they held the main
    /// thread in all. Counted per container, so that a reader of one row's list sees that
    /// row's merges only.
    package var mainQueueMerges: (count: Int, total: Duration) {
        (mainQueueMergeCount.load(ordering: .relaxed), .nanoseconds(mainQueueMergeNanoseconds.load(ordering: .relaxed)))
    }

    /// The longest of those merges since the last call, and none from now on: a list's
    /// reader takes it when it starts and when it ends.
    package func takeLongestMainQueueMerge() -> Duration {
        .nanoseconds(longestMainQueueMergeNanoseconds.exchange(0, ordering: .relaxed))
    }

    /// Two clock reads around each merge and three atomic operations, on the main queue only.
    func mergedOnTheMainQueue(in duration: Duration) {
        let nanoseconds = Int(duration.components.seconds) * 1_000_000_000 + Int(duration.components.attoseconds / 1_000_000_000)
        mainQueueMergeCount.add(1, ordering: .relaxed)
        mainQueueMergeNanoseconds.add(nanoseconds, ordering: .relaxed)
        var longest = longestMainQueueMergeNanoseconds.load(ordering: .relaxed)
        while nanoseconds > longest {
            let (exchanged, original) = longestMainQueueMergeNanoseconds.compareExchange(
                expected: longest, desired: nanoseconds, ordering: .relaxed
            )
            if exchanged { break }
            longest = original
        }
    }
}
