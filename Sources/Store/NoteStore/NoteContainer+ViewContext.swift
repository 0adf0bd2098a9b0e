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
