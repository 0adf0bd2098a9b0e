// MARK: - NoteID

/// The stable identity of a note: what crosses isolation boundaries instead of the note.
///
/// Like `NSManagedObjectID` or SwiftData's `PersistentIdentifier`, it is a small
/// `Sendable` value that any context can turn back into its own object (lesson 7).
// snippet: note-id
public struct NoteID: RawRepresentable, Hashable, Comparable, Codable, Sendable {
    public let rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    public static func < (lhs: NoteID, rhs: NoteID) -> Bool { lhs.rawValue < rhs.rawValue }
}
// snippet: end

extension NoteID {
    /// Whether the identifier is temporary: given to a note inserted without one, and
    /// replaced by a permanent one when the note is first saved or
    /// ``NoteContext/obtainPermanentIDs(for:)`` is called. Only the inserting context knows
    /// it. `NSManagedObjectID.isTemporaryID`.
    ///
    /// Temporary identifiers are negative, so they never meet a row's identifier.
    public var isTemporaryID: Bool { rawValue < 0 }
}

// MARK: - FolderID

/// The stable identity of a folder.
public struct FolderID: RawRepresentable, Hashable, Comparable, Codable, Sendable {
    public let rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    public static func < (lhs: FolderID, rhs: FolderID) -> Bool { lhs.rawValue < rhs.rawValue }
}

// MARK: - CustomStringConvertible

extension NoteID: CustomStringConvertible {
    public var description: String { isTemporaryID ? "temporary note \(-rawValue)" : "note \(rawValue)" }
}

extension FolderID: CustomStringConvertible {
    public var description: String { "folder \(rawValue)" }
}
