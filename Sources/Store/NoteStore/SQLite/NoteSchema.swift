// MARK: - NoteSchema

/// The schema and the SQL every row of the lab runs: the store, the raw-SQLite baseline
/// and the peers all execute these same statements, so a difference between two rows is
/// never a difference in SQL.
public enum NoteSchema {
    /// Creates the tables when missing. Dates are stored as seconds since 1970 (REAL).
    public static let create = """
        CREATE TABLE IF NOT EXISTS folder (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE
        );
        CREATE TABLE IF NOT EXISTS note (
            id INTEGER PRIMARY KEY,
            folder_id INTEGER NOT NULL REFERENCES folder(id),
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            created REAL NOT NULL,
            modified REAL NOT NULL
        );
        CREATE INDEX IF NOT EXISTS note_folder ON note(folder_id);
        """

    // MARK: Folders

    public static let insertFolder = "INSERT INTO folder (id, name) VALUES (?1, ?2)"
    public static let selectFolder = "SELECT name FROM folder WHERE id = ?1"
    public static let selectFolderByName = "SELECT id FROM folder WHERE name = ?1"
    public static let selectAllFolders = "SELECT id, name FROM folder ORDER BY id"

    // MARK: Notes

    public static let insertNote = """
        INSERT INTO note (id, folder_id, title, body, created, modified) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        """
    public static let selectNote = "SELECT folder_id, title, body, created, modified FROM note WHERE id = ?1"
    public static let updateNote = """
        UPDATE note SET folder_id = ?2, title = ?3, body = ?4, created = ?5, modified = ?6 WHERE id = ?1
        """
    public static let deleteNote = "DELETE FROM note WHERE id = ?1"
    public static let countNotes = "SELECT count(*) FROM note"
    /// The titles of the first `?1` notes by identifier: what a list screen shows.
    public static let firstTitles = "SELECT title FROM note ORDER BY id ASC LIMIT ?1"
    public static let selectAllNotes = """
        SELECT id, folder_id, title, body, created, modified FROM note ORDER BY id
        """
}
