import Support

// MARK: - Failures on purpose

/// Reads and saves that fail on purpose, as a failing disk would make them fail: for the
/// workshop's checks, which must tell code that hands a failure to its caller from code that
/// hides it. Nothing in the lab's timed runs sets one; until one is set, a read or a save
/// pays one atomic load for them.
extension NoteContainer {
    /// A save that fails on purpose: any save that writes a note `writes` picks.
    package struct SaveFailure: Sendable {
        package var error: NoteStoreError
        package var writes: @Sendable (NoteSnapshot) -> Bool

        package init(error: NoteStoreError, writes: @escaping @Sendable (NoteSnapshot) -> Bool) {
            self.error = error
            self.writes = writes
        }
    }

    /// The failure a disk that cannot be written gives: SQLite's `SQLITE_IOERR_WRITE`.
    package static var diskWriteError: NoteStoreError { .sqlite(code: 778, message: "disk I/O error") }

    /// The failure a disk that cannot be read gives: SQLite's `SQLITE_IOERR_READ`.
    package static var diskReadError: NoteStoreError { .sqlite(code: 266, message: "disk I/O error") }

    /// Makes every later read of note `id` from the database fail with `error`, whether the
    /// note is looked up by its identifier or met by a fetch.
    package func failReads(of id: NoteID, with error: NoteStoreError) {
        injectedReadFailures.withLock { $0[id] = error }
        hasInjectedFailures.store(true, ordering: .releasing)
    }

    /// Makes every later save that inserts or updates a note `failure.writes` picks fail with
    /// `failure.error`, after its writes and before its commit: SQLite rolls the transaction
    /// back and the save throws, with nothing written, as it does when the disk fails.
    package func failSaves(_ failure: SaveFailure) {
        injectedSaveFailure.withLock { $0 = failure }
        hasInjectedFailures.store(true, ordering: .releasing)
    }

    /// Ends every failure ``failReads(of:with:)`` and ``failSaves(_:)`` set.
    package func stopFailing() {
        injectedReadFailures.withLock { $0.removeAll() }
        injectedSaveFailure.withLock { $0 = nil }
    }

    /// The failure ``failReads(of:with:)`` set for `id`, if any.
    func injectedFailure(of id: NoteID) -> NoteStoreError? {
        guard hasInjectedFailures.load(ordering: .acquiring) else { return nil }
        return injectedReadFailures.withLock { $0[id] }
    }

    /// The failure ``failSaves(_:)`` set for a save that writes `notes`, if any: `notes` is
    /// only made when a failure is set.
    func injectedFailure(savingAnyOf notes: () -> [NoteSnapshot]) -> NoteStoreError? {
        guard hasInjectedFailures.load(ordering: .acquiring),
              let failure = injectedSaveFailure.withLock({ $0 }) else { return nil }
        return notes().contains(where: failure.writes) ? failure.error : nil
    }
}
