#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - NoteSnapshot

/// An immutable copy of a note's saved or pending values: the `Sendable` value that
/// leaves a context, where the `Note` object itself must stay behind.
public struct NoteSnapshot: Hashable, Sendable {
    public var id: NoteID
    public var folder: FolderID
    public var title: String
    public var body: String
    public var created: Date
    public var modified: Date

    public init(id: NoteID, folder: FolderID, title: String, body: String, created: Date, modified: Date) {
        self.id = id
        self.folder = folder
        self.title = title
        self.body = body
        self.created = created
        self.modified = modified
    }
}

// MARK: - FolderSnapshot

/// An immutable copy of a folder.
public struct FolderSnapshot: Hashable, Sendable {
    public var id: FolderID
    public var name: String

    public init(id: FolderID, name: String) {
        self.id = id
        self.name = name
    }
}
