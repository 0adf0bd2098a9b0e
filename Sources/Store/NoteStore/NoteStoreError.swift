import Support

// MARK: - NoteStoreError

/// Every failure the store reports, each with a message a person can act on.
public enum NoteStoreError: Error, Equatable, Sendable {
    /// No note or folder with this identifier exists in the database.
    case notFound(String)
    /// A fault was fired for a row that was deleted after the fault was handed out.
    case faultNotFulfilled(NoteID)
    /// The file exists but is not a SQLite database, or its contents are damaged.
    case notADatabase(path: String)
    /// The database could not be opened or created at this path.
    case cannotOpen(path: String, reason: String)
    /// A save broke a rule of the schema (a duplicate identifier, a missing folder).
    case constraintViolation(String)
    /// The database stayed locked by another connection for longer than the busy timeout.
    case busy(String)
    /// The identifier is temporary: only the context that inserted the note knows it, until
    /// the note is saved or given a permanent identifier (`obtainPermanentIDs(for:)`).
    case temporaryID(NoteID)
    /// An object was used with a context it does not belong to.
    case wrongContext(String)
    /// Any other SQLite failure, with SQLite's own message and result code.
    case sqlite(code: Int32, message: String)
    /// The calling task was cancelled before the batch was committed: none of it was written.
    case cancelled
    /// The container cannot have a reader pool: its database is not in WAL mode (an
    /// in-memory database never is), so a read would wait for the writer and the writer
    /// for the reads. `journalMode` is the database's (`PRAGMA journal_mode`).
    case readerPoolNeedsWAL(location: String, journalMode: String)
    /// A save in a reader of the reader pool, which reads through a read-only connection.
    case readOnlyContext(String)
}

// MARK: - CustomStringConvertible

extension NoteStoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notFound(let what):
            "\(what) does not exist in the database"
        case .faultNotFulfilled(let id):
            "could not fulfil a fault: note \(id.rawValue) was deleted after it was looked up"
        case .notADatabase(let path):
            "'\(path.shown)' is not a SQLite database, or it is damaged"
        case .cannotOpen(let path, let reason):
            "cannot open a database at '\(path.shown)': \(reason.shown)"
        case .constraintViolation(let message):
            "the save was refused by the schema (\(message)); nothing was written"
        case .busy(let message):
            "the database stayed locked by another connection (\(message))"
        case .temporaryID(let id):
            "\(id) has a temporary identifier: no other context can find it until it is saved, "
                + "or given a permanent identifier with obtainPermanentIDs(for:) and then saved"
        case .wrongContext(let message):
            message
        case .sqlite(let code, let message):
            "SQLite error \(code): \(message.shown)"
        case .cancelled:
            "the task was cancelled before the batch was committed; none of it was written"
        case .readerPoolNeedsWAL(let location, let journalMode):
            "'\(location.shown)' cannot have a reader pool: its journal mode is '\(journalMode)', not WAL, "
                + "so a read would wait for the writer and the writer for the reads; open the container on a file"
        case .readOnlyContext(let name):
            "context '\(name)' reads through the reader pool and cannot save; save through a context of newContext(name:queue:)"
        }
    }
}
