import Meters
import NoteStore
import Workload

import Foundation
import Support

// MARK: - DemoStore

/// The small in-memory store every demo starts from: one folder, a few notes.
enum DemoStore {
    /// An in-memory container with the concurrency-debug trap on, unless `debug` is false.
    static func container(debug: Bool = true) throws -> NoteContainer {
        try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: debug))
    }

    /// `count` notes, 1 to `count`, in the folder "Inbox".
    static func batch(notes count: Int) -> NoteBatch {
        let folder = FolderSnapshot(id: FolderID(1), name: "Inbox")
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        let notes = (1...count).map { number in
            NoteSnapshot(
                id: NoteID(Int64(number)), folder: folder.id, title: "Note \(number)",
                body: "The body of note \(number).", created: created, modified: created
            )
        }
        return NoteBatch(folders: [folder], notes: notes)
    }

    /// A container holding ``batch(notes:)``, saved through a context of its own.
    static func seeded(notes count: Int, debug: Bool = true) async throws -> NoteContainer {
        let container = try container(debug: debug)
        let context = try container.newContext(name: "seed")
        let batch = batch(notes: count)
        try await context.perform { (context) throws(NoteStoreError) in try context.importBatch(batch) }
        return container
    }
}

// MARK: - Hops

/// Hop counts for demos: the average over many calls, so a hop that happens only on some
/// calls (a queue that finished before the actor suspended) shows as a fraction.
enum Hops {
    /// Runs `body` `calls` times and returns its hops per call, or nil where the hop meter
    /// is unavailable.
    static func perCall(_ calls: Int = 100, _ body: () async throws -> Void) async throws -> Double? {
        guard HopMeter.isAvailable else {
            for _ in 0..<calls { try await body() }
            return nil
        }
        let (_, count) = try await HopMeter.counting { () async throws -> Void in
            for _ in 0..<calls { try await body() }
        }
        return Double(count.hops) / Double(calls)
    }

    /// "2 hops", or why there is no count.
    static func describe(_ hops: Double?) -> String {
        guard let hops else { return "not counted (\(HopMeter.unavailableReason))" }
        return "\(Format.compact(hops)) hops"
    }
}
