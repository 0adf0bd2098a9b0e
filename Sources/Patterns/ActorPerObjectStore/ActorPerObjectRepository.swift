// Anti-pattern: an actor per model object (lesson 10, source 000).
//
// Each note is a `NoteObject` actor. A read looks the note up in the store (a job on the
// context's queue), hops into the note, and returns: three hops where the patterns make
// two. An update goes into the note, out to the store to save, and back into the note:
// five hops and two queue jobs. The database stays correct; the cost is the granularity
// of isolation, paid on every call, plus a second copy of every note touched.

import NoteStore
import Workload
import RowKit

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public final class ActorPerObjectRepository: NoteRepository {
    private let store: NoteObjectStore

    public init(container: NoteContainer) throws {
        store = try NoteObjectStore(container: container)
    }

    /// The note's actor: the same one for every call with this identifier.
    public func object(for id: NoteID) async throws -> NoteObject {
        try await store.object(for: id)
    }

    public func importBatch(_ batch: NoteBatch) async throws {
        try await store.importBatch(batch)
    }

    public func snapshot(of id: NoteID) async throws -> NoteSnapshot {
        let note = try await store.object(for: id)
        return await note.snapshot
    }

    // snippet: reads
    public func update(_ id: NoteID, with edit: NoteEdit) async throws {
        let note = try await store.object(for: id)
        try await note.apply(edit)
    }

    public func title(of id: NoteID) async throws -> String {
        let note = try await store.object(for: id)
        return await note.title
    }
    // snippet: end

    public func body(of id: NoteID) async throws -> String {
        let note = try await store.object(for: id)
        return await note.body
    }

    public func folderName(of id: NoteID) async throws -> String {
        let note = try await store.object(for: id)
        return await note.folderName
    }

    public func modified(of id: NoteID) async throws -> Date {
        let note = try await store.object(for: id)
        return await note.modified
    }

    public func listScreen(titles: Int) async throws -> ListScreen {
        try await store.listScreen(titles: titles)
    }

    public func count() async throws -> Int {
        try await store.count()
    }

    public func checksum() async throws -> Checksum {
        try await store.checksum()
    }

    /// The number of note actors the identity map holds: one per note touched.
    public var noteObjectCount: Int {
        get async { await store.objectCount }
    }

    /// Jobs sent to the context's queue so far: one per hop into the store.
    public var queueJobCount: Int { store.queueJobCount }

    public func close() async throws {
        await store.close()
    }
}

extension RowDescriptor {
    /// `actor-per-object`: every note is an actor; every read is a lookup and a hop into it.
    public static let actorPerObject = RowDescriptor(
        id: .actorPerObject, kind: .antiPattern,
        summary: "every note is its own actor; every property read is an `await`",
        lessons: [10],
        // snippet: expected-hops
        expectedHops: HopExpectation(reasons: [
            "a read: into the store for the lookup, from there into the note, back to the caller",
            "an update: the same, plus out of the note to the store to save and back into the note",
            "an import: into the store and back",
            "the list's read, from the main actor: off it into the nonisolated method, into the store, back to the main actor",
        ], reads: 3, writes: 5, overrides: [.importBatch: 2]),
        // snippet: end
        costModel: .unpredicted(
            because: "a note actor keeps the values it loaded, so most calls read that copy instead of the store: its work is not store-sync's"
        )
    ) { configuration in
        try ActorPerObjectRepository(container: configuration.makeContainer())
    }
}
