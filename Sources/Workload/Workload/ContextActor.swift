import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - ContextActor

/// An actor that owns a context its isolated code may use directly: its executor runs on
/// the context's queue, or the context is confined to the actor (`NoteContext/confine(to:)`).
///
/// The repository's calls come with it, each one isolated to the actor, so a row whose
/// point is where the actor runs (its executor, its clients) states only that.
public protocol ContextActor: Actor, NoteRepository {
    var context: NoteContext { get }
}

extension ContextActor {
    public func importBatch(_ batch: NoteBatch) throws { try context.importBatch(batch) }

    public func snapshot(of id: NoteID) throws -> NoteSnapshot { try context.existingObject(with: id).snapshot }

    public func update(_ id: NoteID, with edit: NoteEdit) throws { try context.apply(edit, to: id) }

    public func title(of id: NoteID) throws -> String { try context.existingObject(with: id).title }

    public func body(of id: NoteID) throws -> String { try context.existingObject(with: id).body }

    public func folderName(of id: NoteID) throws -> String { try context.existingObject(with: id).folder.name }

    public func modified(of id: NoteID) throws -> Date { try context.existingObject(with: id).modified }

    public func listScreen(titles: Int) throws -> ListScreen { try context.listScreen(titles: titles) }

    public func count() throws -> Int { try context.fetchCount() }

    public func checksum() throws -> Checksum { try context.contentChecksum() }

    public func close() { context.close() }
}
