// The mistake of lesson 3 (source 004), kept as a demonstration: not a row of the table.
//
// "Make it an actor and the data race is gone" is half true. The actor does serialise its
// methods, and the compiler is satisfied: this file builds without a single warning. But
// every method runs on whichever cooperative-pool thread picks up the job, never on the
// context's queue, so each use of the context is a queue-confinement violation. With
// concurrency debug on, the first call stops the process (the store's
// `ConcurrencyDebug` trap, lesson 2); with it off, nothing stops the context's own queue
// work (a `perform` from elsewhere, a fault firing) from running at the same time: a
// data race that corrupts silently. `PlainActorRepository` is the fix.

import NoteStore
import Workload

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// WRONG: touches a queue-confined context directly from actor methods.
public actor NaivePlainActorRepository: NoteRepository {
    private let context: NoteContext

    public init(container: NoteContainer) throws {
        context = try container.newContext(name: "naive-plain-actor")
    }

    public func importBatch(_ batch: NoteBatch) throws {
        try context.importBatch(batch)  // off the context's queue
    }

    public func snapshot(of id: NoteID) throws -> NoteSnapshot {
        try context.existingObject(with: id).snapshot
    }

    public func update(_ id: NoteID, with edit: NoteEdit) throws {
        try context.apply(edit, to: id)
    }

    public func title(of id: NoteID) throws -> String {
        try context.existingObject(with: id).title
    }

    public func body(of id: NoteID) throws -> String {
        try context.existingObject(with: id).body
    }

    public func folderName(of id: NoteID) throws -> String {
        try context.existingObject(with: id).folder.name
    }

    public func modified(of id: NoteID) throws -> Date {
        try context.existingObject(with: id).modified
    }

    public func count() throws -> Int {
        try context.fetchCount()
    }

    public func checksum() throws -> Checksum {
        try context.contentChecksum()
    }

    public func close() {
        context.reset()
    }
}
