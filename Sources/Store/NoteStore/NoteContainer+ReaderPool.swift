// MARK: - The reader pool

extension NoteContainer {
    /// The container's pool of read-only contexts, made on first use, then the same one
    /// every time; it opens its readers as reads need them, up to
    /// ``Options/maximumReaderCount``.
    ///
    /// Only a database in WAL mode has one: a file database, unless its file system refused
    /// WAL. An in-memory database has none, on purpose; use a temporary file.
    ///
    /// - Throws: ``NoteStoreError/readerPoolNeedsWAL(location:journalMode:)`` when the
    ///   database is not in WAL mode (`.inMemory`, always).
    public var readerPool: NoteReaderPool {
        get throws(NoteStoreError) {
            guard journalMode == "wal" else {
                throw .readerPoolNeedsWAL(location: locationDescription, journalMode: journalMode)
            }
            let maximum = options.maximumReaderCount
            return readerPoolStorage.withLock { pool in
                if let pool { return pool }
                let made = NoteReaderPool(container: self, maximumReaderCount: maximum)
                pool = made
                return made
            }
        }
    }

    /// Runs `body` with a reader of ``readerPool``, in one read transaction on the
    /// reader's queue, and returns its result: ``NoteReaderPool/read(_:)``.
    ///
    /// - Parameter body: The read, given the reader's context. Return identifiers and
    ///   snapshots: the context's objects are forgotten when it returns.
    /// - Returns: What `body` returns.
    /// - Throws: ``NoteStoreError/readerPoolNeedsWAL(location:journalMode:)`` for a
    ///   database without WAL; otherwise what ``NoteReaderPool/read(_:)`` throws.
    nonisolated(nonsending)
    public func read<T: Sendable>(_ body: sending @escaping (NoteContext) throws -> T) async throws -> T {
        try await readerPool.read(body)
    }
}
