import NoteStore
import Workload

// MARK: - WorkshopData

/// The notes every exercise works on, and what the reference model says about them.
///
/// It is the `point-read` scenario's plan from one fixed seed: ten folders and a thousand
/// notes to import, then fifty notes to read. ``ReferenceModel`` computes, with plain
/// values and no SQLite, the checksum the database must end with and the digest of the
/// fifty reads.
enum WorkshopData {
    static let plan = ScenarioPlan(scenario: .pointRead, operations: 50, clients: 1, seed: 2024)

    /// The reference model's checksum, read digest and note count for ``plan``.
    static let expected = ReferenceModel.expectedOutcome(of: plan)

    /// The notes the plan reads, in order.
    static let readIDs: [NoteID] = plan.clients.joined().compactMap { operation in
        if case .pointRead(let id) = operation { id } else { nil }
    }

    /// Every note and folder the plan imports.
    static let notes: [NoteSnapshot] = plan.setup.flatMap(\.notes)
    static let folders: [FolderSnapshot] = plan.setup.flatMap(\.folders)

    /// The digest of reading `snapshots` in order, computed as the reference model digests
    /// one client's reads.
    static func digest(_ snapshots: [NoteSnapshot]) -> Checksum {
        var client = Checksum()
        for snapshot in snapshots { client.combine(snapshot) }
        var reads = Checksum()
        reads.combine(client)
        return reads
    }

    /// An empty in-memory database with the concurrency-debug trap on.
    static func container() throws -> NoteContainer {
        try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
    }

    /// A database that already holds the plan's folders and notes, imported through a
    /// context of the check's own.
    @discardableResult
    static func seeded(_ container: NoteContainer? = nil) async throws -> NoteContainer {
        let container = try container ?? Self.container()
        let context = try container.newContext(name: "check")
        for batch in plan.setup {
            try await context.perform { (context) throws(NoteStoreError) in try context.importBatch(batch) }
        }
        await context.perform { context in context.close() }
        return container
    }

    /// The database's checksum, read through a context of the check's own.
    static func checksum(of container: NoteContainer) async throws -> Checksum {
        let context = try container.newContext(name: "check")
        return try await context.perform { (context) throws(NoteStoreError) in
            defer { context.close() }
            return try context.contentChecksum()
        }
    }
}

// MARK: - Looking up the reference

extension WorkshopData {
    private static let notesByID = Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) })
    private static let folderNames = Dictionary(uniqueKeysWithValues: folders.map { ($0.id, $0.name) })

    /// The reference's note with `id`: one the plan imports.
    static func note(_ id: NoteID) -> NoteSnapshot {
        notesByID[id]!
    }

    /// The name of the reference's folder with `id`.
    static func folderName(_ id: FolderID) -> String {
        folderNames[id]!
    }
}
