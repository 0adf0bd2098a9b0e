// An isolated helper type (lesson 5, source 003's `@ImageDatabase class DiskStorage`).
//
// Because `NoteReader` is isolated to the same global actor as the repository, the
// repository calls it synchronously: no `await`, no hop, no queue job. Made an `actor` of
// its own instead, every one of these calls would cost a round trip.

import NoteStore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - NoteReader

/// Reads notes and their properties from a context confined to ``DatabaseActor/queue``.
@DatabaseActor
final class NoteReader {
    private let context: NoteContext

    init(context: NoteContext) {
        self.context = context
    }

    func snapshot(of id: NoteID) throws -> NoteSnapshot {
        try context.existingObject(with: id).snapshot
    }

    func title(of id: NoteID) throws -> String {
        try context.existingObject(with: id).title
    }

    func body(of id: NoteID) throws -> String {
        try context.existingObject(with: id).body
    }

    func folderName(of id: NoteID) throws -> String {
        try context.existingObject(with: id).folder.name
    }

    func modified(of id: NoteID) throws -> Date {
        try context.existingObject(with: id).modified
    }
}
