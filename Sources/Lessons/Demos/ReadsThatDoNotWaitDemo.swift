// Lesson 19: one writer, many readers. A list that reads through the writer's context waits
// behind every save; a read on a connection of its own reads the last committed snapshot and
// never waits for the writer.

import CustomExecutorStore
import NoteStore
import Support
import Synchronization
import Workload

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// MARK: - LargeImporter

/// The writer: a `@ModelActor`-style importer on a context of its own, which imports large
/// batches, and which can also answer the list's read, as a serial actor that both imports
/// and reads does.
actor LargeImporter: NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        context = try container.newContext(name: "importer")
        modelExecutor = ContextExecutor(context: context)
    }

    /// One batch, one save: one write transaction, in one job of the importer's queue.
    func importBatch(_ batch: NoteBatch) throws {
        try context.importBatch(batch)
    }

    /// The list's read in the importer's context: a job of the same queue as the saves.
    func listScreen(titles: Int) throws -> ReadsThatDoNotWaitDemo.Frame {
        try ReadsThatDoNotWaitDemo.Frame(context, titles: titles)
    }
}

// MARK: - ImportDone

/// Set by the import task when its last batch is saved, read by the list on the main actor.
final class ImportDone: Sendable {
    private let done = Atomic<Bool>(false)
    func set() { done.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { done.load(ordering: .sequentiallyConsistent) }
}

// MARK: - ReadsThatDoNotWaitDemo

package struct ReadsThatDoNotWaitDemo: Demo {
    /// What one read of the list saw.
    package struct Frame: Sendable {
        var count: Int
        var titles: Int

        init(_ context: NoteContext, titles: Int) throws {
            // The same statements as NoteRepository.listScreen(titles:): the first titles by
            // identifier, and the count.
            let first = try context.fetch(NoteFetchDescriptor(sortBy: .id, fetchLimit: titles))
            count = try context.fetchCount()
            self.titles = first.count
        }
    }

    /// How the list read during one import.
    package struct Reads: Codable, Sendable, Equatable {
        /// Reads the list made while the importer saved its batches.
        package var reads: Int
        /// Of those, the reads queued behind a save of their own queue: the store's count
        /// (`StoreAudit.readsQueuedBehindWrites`), which depends on no clock.
        package var readsBehindWrites: Int
        /// Whether every read saw a whole number of batches, with its titles.
        package var wholeBatches: Bool
        /// The notes the list showed after the import.
        package var notesAfter: Int
        /// What a screen would feel, from the clock (tests check only that they were measured): frames a 120 Hz
        /// display asked for while the import ran, those that got no new list in time, and
        /// how long one read of the list took, from the main actor's request to its answer,
        /// at the median and at most: a read queued behind a save waits for the save.
        package var framesDue: Int
        package var framesMissed: Int
        package var medianReadMilliseconds: Double
        package var longestReadMilliseconds: Double
    }

    package struct Outcome: Codable, Sendable, Equatable {
        package var batches: Int
        package var batchSize: Int
        /// The list reads through the importer's context: its queue is the writer's.
        package var throughTheWriter: Reads
        /// The list reads through `container.read`: a reader of the pool, on its own
        /// connection and queue.
        package var throughTheReaderPool: Reads
        /// The most readers the pool lent at once.
        package var readersUsed: Int
    }

    package static let name = "reads-that-do-not-wait"
    package static let lesson = 19
    package static let summary = "a list that reads through the writer waits behind its saves; the reader pool never does"
    package static let source = Article.beyondTheArticles
    package static let chapter = "Docs/LabGuide.docc/ReadsThatDoNotWait.md"
    static let batches = 20
    static let batchSize = 1_000
    static let titlesShown = 50
    package static let whatItDoes = """
        An importer, a model actor on a context of its own, saves \(batches) batches of \
        \(batchSize) notes into a database file, one transaction each, while a list on the \
        main actor reads the count and the first \(titlesShown) titles 120 times a second. \
        It does this twice: once the list reads through the importer's context, once through \
        container.read, the store's reader pool. For each, it counts the reads, the reads \
        queued behind a save (the store's own count) and the reads that saw part of a batch.
        """
    package static let why = """
        A context's queue is serial: a read sent to the writer's context runs after the save \
        in progress, and a frame waits as long as a batch takes to import. The database is in \
        WAL mode, where readers do not block the writer and the writer does not block readers \
        (https://www.sqlite.org/wal.html): a reader of the pool, with its own connection and \
        queue, reads the last committed snapshot at once, whole batches only, however long the \
        save in progress takes. Core Data gets the same from contexts of their own on one \
        coordinator, SwiftData from a model actor per reader, GRDB from a DatabasePool.
        """

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        // Counting is off until asked: a timed run pays nothing for it.
        ContextQueue.startCountingReadsBehindWrites()
        let folder = try ScratchFolder.create(named: "lab-demo-19", for: "the demo's databases")
        defer { ScratchFolder.remove(folder) }
        let writer = try await Self.importWhileReading(into: folder + "/writer.sqlite") { container, importer in
            try await importer.listScreen(titles: Self.titlesShown)
        }
        let pool = try await Self.importWhileReading(into: folder + "/pool.sqlite") { container, importer in
            let titles = Self.titlesShown
            // snippet: pool-read
            return try await container.read { context in try Frame(context, titles: titles) }
            // snippet: end
        }
        return Outcome(
            batches: Self.batches, batchSize: Self.batchSize, throughTheWriter: writer.reads, throughTheReaderPool: pool.reads,
            readersUsed: pool.readersUsed
        )
    }

    /// Imports the batches into a new database file while the list reads with `read`, a
    /// frame every 8.3 ms, and once more after the import.
    @MainActor
    private static func importWhileReading(
        into path: String, read: @MainActor (NoteContainer, LargeImporter) async throws -> Frame
    ) async throws -> (reads: Reads, readersUsed: Int) {
        let container = try NoteContainer(location: .file(path), options: .init(concurrencyDebug: true))
        let importer = try LargeImporter(container: container)
        let behindBefore = StoreAudit.readsQueuedBehindWrites
        let batches = (0..<Self.batches).map(Self.batch)
        let done = ImportDone()
        let importing = Task.detached {
            defer { done.set() }
            for batch in batches { try await importer.importBatch(batch) }
        }
        var frames: [Frame] = []
        let clock = ContinuousClock()
        let frame = Duration.nanoseconds(8_333_333)
        let start = clock.now
        var next = start
        var missed = 0
        var readTimes: [Duration] = []
        // A display's pace: one read per frame, the next one at the first frame after it;
        // each deadline that passes while a read is under way is a frame with no new list.
        while !done.isSet {
            if clock.now < next { try await Task.sleep(until: next, clock: clock) }
            let asked = clock.now
            frames.append(try await read(container, importer))
            let end = clock.now
            readTimes.append(end - asked)
            next += frame
            while next <= end {
                next += frame
                missed += 1
            }
        }
        let due = Int(((clock.now - start) / frame).rounded(.down))
        try await importing.value
        let after = try await read(container, importer)
        let behind = StoreAudit.readsQueuedBehindWrites - behindBefore
        let whole = (frames + [after]).allSatisfy { $0.count % Self.batchSize == 0 && $0.titles == min($0.count, Self.titlesShown) }
        let readersUsed = (try? container.readerPool.counts.mostReadersAtOnce) ?? 0
        func milliseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
        }
        let sorted = readTimes.sorted()
        let reads = Reads(
            reads: frames.count, readsBehindWrites: behind, wholeBatches: whole, notesAfter: after.count,
            framesDue: max(due, frames.count), framesMissed: missed,
            medianReadMilliseconds: sorted.isEmpty ? 0 : milliseconds(sorted[sorted.count / 2]),
            longestReadMilliseconds: sorted.last.map(milliseconds) ?? 0
        )
        return (reads, readersUsed)
    }

    /// Batch `index`: notes `index × 1,000 + 1` to `(index + 1) × 1,000`.
    static func batch(_ index: Int) -> NoteBatch {
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        let first = index * Self.batchSize + 1
        let folders = index == 0 ? [FolderSnapshot(id: FolderID(1), name: "Inbox")] : []
        return NoteBatch(folders: folders, notes: (first..<(first + Self.batchSize)).map { number in
            NoteSnapshot(
                id: NoteID(Int64(number)), folder: FolderID(1), title: "Note \(number)",
                body: "Imported in batch \(index + 1).", created: created, modified: created
            )
        })
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        func line(_ how: String, _ reads: Reads) -> String {
            "\(how): \(reads.reads) reads while \(outcome.batches) batches of \(outcome.batchSize) notes were saved, "
                + "\(reads.readsBehindWrites) of them queued behind a save; "
                + (reads.wholeBatches ? "every read saw whole batches" : "a read saw part of a batch")
                + ", and \(reads.notesAfter) notes after the import. On screen: a read of the list took "
                + "\(Format.decimal(reads.medianReadMilliseconds, digits: 1)) ms at the median and "
                + "\(Format.decimal(reads.longestReadMilliseconds, digits: 1)) ms at most (a frame lasts 8.3 ms), and "
                + "\(reads.framesMissed) of \(reads.framesDue) frames showed no new list."
        }
        return [
            line("Through the importer's context", outcome.throughTheWriter),
            line("Through container.read", outcome.throughTheReaderPool),
            "The reader pool lent at most \(outcome.readersUsed) reader\(outcome.readersUsed == 1 ? "" : "s") at once: "
                + "the list reads one frame at a time.",
        ]
    }
}
