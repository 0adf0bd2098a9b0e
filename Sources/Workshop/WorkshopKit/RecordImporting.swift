#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NoteStore
import Synchronization

// MARK: - RecordImporting

/// What exercise 18 asks of the learner's actor: decode the note records of an export file
/// and import their notes, off the main actor, in the container it is given.
public protocol RecordImporting: Actor {
    init(container: NoteContainer) throws
    /// Decodes the records of `file` (see ``RecordFile``) and imports their notes. Their
    /// folders are in the container already.
    func importFile(_ file: RecordFile) async throws
}

// MARK: - RecordFile

/// A note export file, as a sync service sends it: a JSON array with one object per note,
/// whose keys are `id`, `folder` (numbers), `title`, `body` (strings), `created` and
/// `modified` (`Date`s, as `JSONEncoder` writes them by default).
///
/// Decoding it is the work exercise 18 is about, so the file counts the records it decoded,
/// and how many of them on the main actor, as ``NoteFile`` counts the lines it parses: by
/// asking whether the main dispatch queue, which the main actor's executor drains, is the
/// current one.
public struct RecordFile: Sendable {
    private let json: Data

    /// A file of `notes`, written as the check writes it.
    package init(notes: [NoteSnapshot]) throws {
        json = try JSONEncoder().encode(notes.map(Written.init))
    }

    /// Decodes every record of the file as a `Record`, on the caller's executor.
    ///
    /// `Record` must be `Sendable`, as in any API whose records may be handed on to another
    /// isolation domain (here, a context's queue). SE-0470 does not let a conformance
    /// isolated to the main actor satisfy a requirement of a type parameter that is also
    /// `Sendable`: a record type whose `Decodable` conformance belongs to the main actor
    /// cannot be decoded here.
    public func records<Record: Decodable & Sendable>(as type: Record.Type) throws -> [Record] {
        let onMainActor = ContextQueue.main.isCurrent
        let records = try JSONDecoder().decode([Record].self, from: json)
        Self.counts.withLock { counts in
            counts.records += records.count
            if onMainActor { counts.onMainActor += records.count }
        }
        return records
    }

    /// Records decoded so far in this process, and how many of them on the main actor.
    package static var decoded: (records: Int, onMainActor: Int) {
        counts.withLock { ($0.records, $0.onMainActor) }
    }

    private static let counts = Mutex((records: 0, onMainActor: 0))

    /// One note as the file holds it.
    private struct Written: Encodable {
        var id: Int64
        var folder: Int64
        var title: String
        var body: String
        var created: Date
        var modified: Date

        init(_ note: NoteSnapshot) {
            id = note.id.rawValue
            folder = note.folder.rawValue
            title = note.title
            body = note.body
            created = note.created
            modified = note.modified
        }
    }
}
