// The anti-pattern of lesson 10 (source 000): every model object is an actor.
//
// Source 000 turns SwiftData's model into `actor Note: PersistentModel, ModelActor` and
// has to give up the macros and hand-write non-isolated backing storage to get there.
// `NoteObject` is the shape a reader reaches for instead: an `actor` per note holding the
// note's values. It is safe, and every read from outside is an `await`, a hop into that
// note; a write has to leave the note for the store and come back, and the copy has to be
// kept in step with the database by hand.
//
// Source 000 also gives every note the context's executor. Actors that share an executor
// switch between each other in place, so that version costs what pattern 3 costs and its
// per-note isolation is nominal: everything runs on one queue. Here each note is a
// default actor, isolated for real.

import NoteStore
import Workload

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - NoteObject

/// One note as an actor. Get it from ``ActorPerObjectRepository/object(for:)``, which
/// returns the same actor for the same ``NoteID`` until the repository closes.
// snippet: note-actor
public actor NoteObject {
    public nonisolated let id: NoteID
    private var values: NoteSnapshot
    public private(set) var folderName: String
    /// The store's save count when `values` were read: which of two copies is newer.
    private var version: Int
    /// Unowned: the store owns its note actors, so a strong reference back would be a
    /// cycle. A note must not be used after its repository is released.
    private unowned let store: NoteObjectStore

    init(values: NoteSnapshot, folderName: String, version: Int, store: NoteObjectStore) {
        self.id = values.id
        self.values = values
        self.folderName = folderName
        self.version = version
        self.store = store
    }

    // MARK: Properties: one hop each

    public var title: String { values.title }
    public var body: String { values.body }
    public var modified: Date { values.modified }
    public var snapshot: NoteSnapshot { values }
    // snippet: end

    // MARK: Writing back

    /// Saves `edit` through the store, then takes the values the store saved.
    ///
    /// The `await` is a suspension point: another update of this note may run meanwhile
    /// and resume first. Comparing versions keeps the newest saved copy whatever the order,
    /// so the actor never ends up behind the database.
    // snippet: apply
    public func apply(_ edit: NoteEdit) async throws {
        let (saved, savedVersion) = try await store.save(edit, to: id)
        if savedVersion > version {
            values = saved
            version = savedVersion
        }
    }
    // snippet: end
}
