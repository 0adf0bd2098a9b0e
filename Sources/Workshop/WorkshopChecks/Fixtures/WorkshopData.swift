import NoteStore
import Synchronization
import Workload

// MARK: - WorkshopData

/// The notes one run of a check works on, and what the reference model says about them.
///
/// It is the `point-read` scenario's plan from a seed the check chooses afresh for every
/// run: ten folders and a thousand notes to import, then fifty notes to read. Titles,
/// bodies, dates and the notes read all follow from the seed, so no answer of one run is
/// the answer of the next. ``ReferenceModel`` computes, with plain values and no SQLite,
/// the checksum the database must end with and the digest of the fifty reads. The seed
/// reaches the measuring child in a file it deletes before the learner's code runs, and
/// nothing the check prints contains an expected value. Public only as a name in the
/// checks' signatures: none of its members is.
public struct WorkshopData: Sendable {
    package let seed: UInt64
    package let plan: ScenarioPlan

    package init(seed: UInt64) {
        self.seed = seed
        plan = ScenarioPlan(scenario: .pointRead, operations: 50, clients: 1, seed: seed)
        readIDs = plan.clients.joined().compactMap { operation in
            if case .pointRead(let id) = operation { id } else { nil }
        }
        notes = plan.setup.flatMap(\.notes)
        folders = plan.setup.flatMap(\.folders)
        notesByID = Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) })
        folderNames = Dictionary(uniqueKeysWithValues: folders.map { ($0.id, $0.name) })
    }

    /// The notes the plan reads, in order.
    package let readIDs: [NoteID]
    /// Every note and folder the plan imports.
    package let notes: [NoteSnapshot]
    package let folders: [FolderSnapshot]
    private let notesByID: [NoteID: NoteSnapshot]
    private let folderNames: [FolderID: String]

    /// The reference model's checksum of the database once the plan's notes are imported.
    package var expectedChecksum: Checksum { ReferenceModel.expectedOutcome(of: plan).checksum }

    /// The reference model's digest of the plan's fifty reads.
    package var expectedReads: Checksum { Self.digest(readIDs.map(note)) }

    /// `count` notes the plan imports and never reads, for a meter that needs a different
    /// note on every call: none of them is in a cache yet.
    package func unreadIDs(_ count: Int) -> [NoteID] {
        let read = Set(readIDs)
        return Array(notes.lazy.map(\.id).filter { !read.contains($0) }.prefix(count))
    }

    /// `count` notes the plan does not import, in its folders, under identifiers no note of
    /// the plan has: the work of a call the check makes fail, which must leave no trace.
    package func notesNotInThePlan(_ count: Int) -> [NoteSnapshot] {
        let next = (notes.map(\.id.rawValue).max() ?? 0) + 1
        return notes.suffix(count).enumerated().map { offset, note in
            NoteSnapshot(
                id: NoteID(next + Int64(offset)), folder: note.folder, title: note.title + " (draft)", body: note.body,
                created: note.created, modified: note.modified
            )
        }
    }

    /// The note of `notes` whose save the check makes fail: one in the middle, chosen by the
    /// seed, so that work saved in pieces leaves the pieces before it in the database.
    package func failingNote(of notes: [NoteSnapshot]) -> NoteID {
        notes[notes.count / 4 + Int(seed % UInt64(max(1, notes.count / 2)))].id
    }

    /// The reference's note with `id`: one the plan imports.
    package func note(_ id: NoteID) -> NoteSnapshot { notesByID[id]! }

    /// The name of the reference's folder with `id`.
    package func folderName(_ id: FolderID) -> String { folderNames[id]! }

    /// The digest of reading `snapshots` in order, computed as the reference model digests
    /// one client's reads.
    package static func digest(_ snapshots: [NoteSnapshot]) -> Checksum {
        var client = Checksum()
        for snapshot in snapshots { client.combine(snapshot) }
        var reads = Checksum()
        reads.combine(client)
        return reads
    }

    /// A digest of a list of strings, in order: titles compared without printing them.
    package static func digest(_ strings: [String]) -> Checksum {
        var digest = Checksum()
        for string in strings { digest.combine(string) }
        return digest
    }
}

// MARK: - The check's own store

extension WorkshopData {
    /// An empty in-memory database with the concurrency-debug trap on: the one the check
    /// hands to the learner's code.
    package func container() throws -> NoteContainer {
        let container = try NoteContainer(location: .inMemory, options: .init(concurrencyDebug: true))
        Self.adopt(container)
        return container
    }

    /// Counts a container the exercise was meant to open (exercise 2's `makeContainer()`)
    /// as one the check handed in.
    package static func adopt(_ container: NoteContainer) {
        handedIn.add(1, ordering: .relaxed)
    }

    /// Containers the check opened or adopted in this process.
    package static var containersHandedIn: Int { handedIn.load(ordering: .relaxed) }
    private static let handedIn = Atomic<Int>(0)

    /// Imports `batches` through a context of the check's own.
    package func importThroughTheCheck(_ batches: some Sequence<NoteBatch>, into container: NoteContainer) async throws {
        let context = try container.newContext(name: "check")
        for batch in batches {
            try await context.perform { (context) throws(NoteStoreError) in try context.importBatch(batch) }
        }
        await context.perform { context in context.close() }
    }

    /// A database that already holds the plan's folders and notes, imported through a
    /// context of the check's own.
    @discardableResult
    package func seeded(_ container: NoteContainer? = nil) async throws -> NoteContainer {
        let container = try container ?? self.container()
        try await importThroughTheCheck(plan.setup, into: container)
        return container
    }

    /// `note` as another context saves it later in the run: a new title and body, and a
    /// modification date a minute later, all following from the seed.
    package func editedLater(_ note: NoteSnapshot) -> NoteSnapshot {
        var random = SplitMix64(seed: seed ^ UInt64(bitPattern: note.id.rawValue))
        var edited = note
        edited.title = "\(note.title) (renamed \(String(random.next(), radix: 36)))"
        edited.body = "Saved later by another context \(String(random.next(), radix: 36))"
        edited.modified = note.modified.addingTimeInterval(60)
        return edited
    }

    /// Saves `notes`' values over the saved ones, through a context of the check's own:
    /// another context's later save, which no context of the learner's merges.
    package func saveLater(_ notes: [NoteSnapshot], in container: NoteContainer) async throws {
        let context = try container.newContext(name: "check")
        try await context.perform { (context) throws(NoteStoreError) in
            defer { context.close() }
            for values in notes {
                let note = try context.existingObject(with: values.id)
                note.title = values.title
                note.body = values.body
                note.modified = values.modified
            }
            try context.save()
        }
    }

    /// The database's checksum, read through a context of the check's own.
    package func checksum(of container: NoteContainer) async throws -> Checksum {
        let context = try container.newContext(name: "check")
        return try await context.perform { (context) throws(NoteStoreError) in
            defer { context.close() }
            return try context.contentChecksum()
        }
    }
}
