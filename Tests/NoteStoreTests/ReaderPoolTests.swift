import Foundation
import NoteStore
import Testing

/// The container's reader pool: each read one committed snapshot, a bounded number of
/// readers, waits that hold no thread, and readers that never wait for the writer.
///
/// Every test that waits for another thread's state has a time limit: a state never
/// reached (a read stuck behind the writer, a waiter never woken) fails the test. The
/// limit is generous: under ThreadSanitizer, with the whole suite running at once on two
/// cores, the read-your-writes test, half a second alone, ran past a three-minute limit.
@Suite("Reading through the reader pool", .timeLimit(.minutes(10)))
struct ReaderPoolTests {
    // MARK: Snapshots

    /// What one read saw: its count, the notes its fetch returned, and how many of them
    /// each batch (a note's title) has.
    struct Seen: Sendable, Equatable {
        var count: Int
        var fetched: Int
        var perBatch: [String: Int]

        /// Whether the read saw a whole number of batches, each whole, and the same notes in
        /// its count and its fetch.
        func isWhole(batchSize: Int) -> Bool {
            count == fetched && count % batchSize == 0 && perBatch.count == count / batchSize
                && perBatch.values.allSatisfy { $0 == batchSize }
        }
    }

    /// The notes' count, and note 1's body as the only key of `perBatch`.
    @Sendable
    static func countAndFirstBody(_ context: NoteContext) throws -> Seen {
        Seen(count: try context.fetchCount(), fetched: 0, perBatch: [try context.existingObject(with: NoteID(1)).body: 1])
    }

    @Test("Every read sees whole batches, never part of one, while a writer commits batch after batch")
    func readsSeeWholeBatches() async throws {
        let fixture = try PoolFixture(notes: 0)
        let container = fixture.container
        let batches = 40
        let batchSize = 7
        let writerDone = Flag()
        let seen = try await withThrowingTaskGroup(of: [Seen].self) { group in
            let writer = try container.newContext(name: "writer")
            group.addTask {
                defer { writerDone.set() }
                for batch in 0..<batches {
                    // One batch, one save: one transaction.
                    try await writer.perform { (context) throws(NoteStoreError) in
                        let inbox = try context.existingFolder(with: FolderID(1))
                        for index in 0..<batchSize {
                            context.insertNote(
                                id: NoteID(Int64(batch * batchSize + index + 1)), title: "batch \(batch)", body: "\(index)",
                                folder: inbox, created: PoolFixture.created
                            )
                        }
                        try context.save()
                    }
                }
                return []
            }
            for _ in 0..<3 {
                group.addTask {
                    var seen: [Seen] = []
                    // Until the writer is done, and at least a few reads each.
                    while !writerDone.isSet || seen.count < 5 {
                        seen.append(try await container.read { context in
                            // Two statements in one read: a read outside one transaction
                            // would count one state and fetch a later one.
                            let count = try context.fetchCount()
                            var perBatch: [String: Int] = [:]
                            let notes = try context.fetch()
                            for note in notes { perBatch[note.title, default: 0] += 1 }
                            return Seen(count: count, fetched: notes.count, perBatch: perBatch)
                        })
                    }
                    return seen
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let partial = seen.filter { !$0.isWhole(batchSize: batchSize) }
        #expect(partial.isEmpty, "reads that saw part of a batch, or a count and a fetch that disagree: \(partial.prefix(3))")
        #expect(seen.count >= 15)
        let final = try await container.read { context in try context.fetchCount() }
        #expect(final == batches * batchSize)
    }

    @Test("A read sees nothing of a write committed while it runs, and the writer does not wait for it")
    func aReadIsOneSnapshot() async throws {
        let fixture = try PoolFixture(notes: 3)
        let container = fixture.container
        let readerInside = Flag()
        let writerCommitted = Gate()
        defer { writerCommitted.open() }
        let finished = Flag()
        let result = Collected<[Int]>()
        Task {
            defer { finished.set() }
            let seen = try await container.read { context in
                let first = try context.fetchCount()
                readerInside.set()
                // The reader's queue waits here while the writer commits.
                writerCommitted.wait()
                return [first, try context.fetchCount(), try context.fetch().count]
            }
            result.append(seen)
        }
        try await until { readerInside.isSet }
        let writer = try container.newContext(name: "writer")
        // The save returns while the read's transaction is open: the writer waits for no reader.
        try await writer.perform { (context) throws(NoteStoreError) in
            context.insertNote(
                id: NoteID(4), title: "note 4", body: "", folder: try context.existingFolder(with: FolderID(1)),
                created: PoolFixture.created
            )
            try context.save()
        }
        writerCommitted.open()
        try await until { finished.isSet }
        // Its first count, its second count, its fetch.
        #expect(result.all == [[3, 3, 3]], "the read saw the write committed after it began")
        #expect(try await container.read { context in try context.fetchCount() } == 4)
    }

    // MARK: Reading one's own writes

    @Test("A read started after a save returned sees what it saved, every time")
    func readYourWrites() async throws {
        let fixture = try PoolFixture(maximumReaderCount: 3, notes: 3)
        let container = fixture.container
        let writer = try container.newContext(name: "writer")
        for round in 1...10 {
            try await writer.perform { (context) throws(NoteStoreError) in
                try context.existingObject(with: NoteID(1)).body = "body \(round)"
                context.insertNote(
                    id: NoteID(Int64(100 + round)), title: "round \(round)", body: "",
                    folder: try context.existingFolder(with: FolderID(1)), created: PoolFixture.created
                )
                try context.save()
            }
            // Three at once, so that more than one reader answers.
            let seen = try await withThrowingTaskGroup(of: Seen.self) { group in
                for _ in 0..<3 {
                    group.addTask { try await container.read(Self.countAndFirstBody) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for read in seen {
                #expect(read.count == 3 + round)
                #expect(read.perBatch == ["body \(round)": 1])
            }
        }
    }

    // MARK: A bounded pool

    @Test("At most the maximum number of readers are lent at once; the other reads wait, holding no thread")
    func boundedReaders() async throws {
        let readers = 2
        let fixture = try PoolFixture(maximumReaderCount: readers, notes: 3)
        let pool = try fixture.container.readerPool
        let gate = Gate()
        defer { gate.open() }
        // Every read starts on one serial queue: a read that waited by blocking its thread
        // would stop the queue, and the job queued after the reads would never run.
        let starter = SerialTaskExecutor(label: "starter")
        let reads = (0..<readers + 3).map { _ in
            Task(executorPreference: starter) {
                try await pool.read { context in
                    gate.wait()
                    return try context.fetchCount()
                }
            }
        }
        // Each read's first job ran before this one: each took a reader or queued for one.
        let afterStarting = try await starter.afterQueuedJobs { pool.counts }
        #expect(afterStarting.readersInUse == readers)
        #expect(afterStarting.readsWaiting == 3)
        #expect(afterStarting.readsThatWaitedForAReader == 3)
        // Both lent readers run their reads at once.
        try await until { gate.arrived == readers }
        let whileWaiting = pool.counts
        #expect(whileWaiting.mostReadersAtOnce == readers)
        #expect(whileWaiting.readersOpen == readers)
        #expect(whileWaiting.readsWaiting == 3)
        gate.open()
        for read in reads { #expect(try await read.value == 3) }
        let after = pool.counts
        #expect(after.reads == readers + 3)
        #expect(after.mostReadersAtOnce == readers)
        #expect(after.readsThatWaitedForAReader == 3)
        #expect(after.readersOpen == readers)
        #expect(after.readersInUse == 0)
        #expect(after.readsWaiting == 0)
        #expect(after.readsBehindWrites == 0)
    }

    // MARK: Readers and the writer

    @Test("Reads complete, and see the state before the write, while the writer is inside its transaction")
    func noReaderWaitsForTheWriter() async throws {
        let fixture = try PoolFixture(maximumReaderCount: 2, notes: 3)
        let container = fixture.container
        let writer = try container.newContext(name: "writer")
        let writerInside = Flag()
        let release = Gate()
        defer { release.open() }
        let writerReturned = Flag()
        writer.perform(schedule: { context in
            do {
                try context.existingObject(with: NoteID(1)).body = "written"
                context.insertNote(
                    id: NoteID(4), title: "note 4", body: "", folder: try context.existingFolder(with: FolderID(1)),
                    created: PoolFixture.created
                )
                // The writer's own queue waits inside the save's transaction, after its writes.
                context.beforeCommit = {
                    writerInside.set()
                    release.wait()
                }
                try context.save()
            } catch {
                Issue.record(error)
            }
            context.beforeCommit = nil
            writerReturned.set()
        })
        try await until { writerInside.isSet }
        // More reads than readers, so some wait for a reader, none for the writer.
        let seen = Collected<Result<Seen, any Error>>()
        for _ in 0..<5 {
            Task {
                do {
                    seen.append(.success(try await container.read(Self.countAndFirstBody)))
                } catch {
                    seen.append(.failure(error))
                }
            }
        }
        try await until { seen.all.count == 5 }
        #expect(!writerReturned.isSet, "the writer is still inside its transaction")
        #expect(release.arrived == 1)
        for read in seen.all {
            #expect(try read.get() == Seen(count: 3, fetched: 0, perBatch: ["body 0": 1]))
        }
        release.open()
        // Queued after the save's job: it runs once the save has returned.
        await writer.perform { _ in }
        #expect(writerReturned.isSet)
        let after = try await container.read(Self.countAndFirstBody)
        #expect(after == Seen(count: 4, fetched: 0, perBatch: ["written": 1]))
        #expect(try container.readerPool.counts.readsBehindWrites == 0)
    }

    // MARK: Cancellation

    /// Holds the pool's one reader inside a read until `gate` opens, then queues a second
    /// read behind it; returns once that read waits. `waiterDone` is set when it ends.
    static func holdTheOnlyReader(
        of pool: NoteReaderPool, until gate: Gate
    ) async throws -> (holder: Task<Int, any Error>, waiter: Task<Int, any Error>, waiterDone: Flag) {
        let holder = Task {
            try await pool.read { context in
                gate.wait()
                return try context.fetchCount()
            }
        }
        try await until { gate.arrived == 1 }
        let waiterDone = Flag()
        let waiter = Task {
            defer { waiterDone.set() }
            return try await pool.read { context in try context.fetchCount() }
        }
        try await until { pool.counts.readsWaiting == 1 }
        return (holder, waiter, waiterDone)
    }

    @Test("A read cancelled while it waits for a reader throws CancellationError and leaks no reader")
    func cancelledWaiter() async throws {
        let fixture = try PoolFixture(maximumReaderCount: 1, notes: 3)
        let pool = try fixture.container.readerPool
        let gate = Gate()
        defer { gate.open() }
        let (holder, waiter, waiterDone) = try await Self.holdTheOnlyReader(of: pool, until: gate)
        waiter.cancel()
        try await until { waiterDone.isSet }
        let outcome = await waiter.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        let whileHeld = pool.counts
        #expect(whileHeld.readsWaiting == 0)
        #expect(whileHeld.readersInUse == 1)
        gate.open()
        #expect(try await holder.value == 3)
        // The only reader is free again: a leaked one would leave this read waiting.
        #expect(try await pool.read { context in try context.fetchCount() } == 3)
        let after = pool.counts
        #expect(after.readersInUse == 0)
        #expect(after.readersOpen == 1)
        #expect(after.reads == 2, "the cancelled read never ran")
        #expect(after.readsThatWaitedForAReader == 1)
    }

    @Test("A read whose task is cancelled before it starts throws CancellationError and takes no reader")
    func cancelledBeforeStarting() async throws {
        let fixture = try PoolFixture(maximumReaderCount: 1, notes: 3)
        let pool = try fixture.container.readerPool
        let read = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pool.read { context in try context.fetchCount() }
        }
        let outcome = await read.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        let counts = pool.counts
        #expect(counts.reads == 0)
        #expect(counts.readersInUse == 0)
    }

    // MARK: Closing

    @Test("Closing the pool closes its readers, fails the reads waiting for one, and refuses later reads")
    func closing() async throws {
        let fixture = try PoolFixture(maximumReaderCount: 1, notes: 3)
        let pool = try fixture.container.readerPool
        let closedConnection = NoteStoreError.sqlite(code: 21, message: "the connection is closed")
        let gate = Gate()
        defer { gate.open() }
        let (holder, waiter, waiterDone) = try await Self.holdTheOnlyReader(of: pool, until: gate)
        await pool.close()
        try await until { waiterDone.isSet }
        let outcome = await waiter.result
        #expect(throws: closedConnection) { try outcome.get() }
        // The read in progress ends as it began; its reader closes when it is returned.
        gate.open()
        #expect(try await holder.value == 3)
        #expect(pool.counts.readersOpen == 0)
        await #expect(throws: closedConnection) { try await pool.read { context in try context.fetchCount() } }
    }

    // MARK: Where a pool can be

    @Test("An in-memory container refuses a reader pool with a typed error; a file container has one, in WAL")
    func inMemoryHasNoPool() async throws {
        let memory = try NoteContainer(location: .inMemory)
        #expect(memory.journalMode != "wal")
        let refusal = NoteStoreError.readerPoolNeedsWAL(location: memory.locationDescription, journalMode: memory.journalMode)
        #expect(throws: refusal) { try memory.readerPool }
        await #expect(throws: refusal) { try await memory.read { context in try context.fetchCount() } }
        #expect(refusal.description.contains("not WAL"))

        let file = try PoolFixture()
        #expect(file.container.journalMode == "wal")
        #expect(try file.container.readerPool.maximumReaderCount == NoteReaderPool.defaultMaximumReaderCount)
        #expect(try file.container.readerPool === file.container.readerPool, "one pool per container")
    }

    @Test("A reader keeps its identity map's room between reads up to 4,096 notes, and gives a larger one back", arguments: [1_500, 5_000])
    func readerKeepsItsRoom(notes: Int) async throws {
        let fixture = try PoolFixture(maximumReaderCount: 1, notes: notes)
        let fetched = try await fixture.container.read { context in try context.fetch().count }
        #expect(fetched == notes)
        // The same reader, at the start of the next read: nothing registered, room kept or not.
        let (registered, room) = try await fixture.container.read { context in
            (context.registeredObject(for: NoteID(1)) != nil, context.registeredNoteCapacity)
        }
        #expect(!registered, "the last read's objects are still registered")
        if notes <= NoteContext.roomKeptAfterRead {
            #expect(room >= notes, "the room for \(notes) notes was given back")
        } else {
            #expect(room == 0, "a reader kept room for \(room) notes after reading \(notes)")
        }
    }

    @Test("A reader refuses to save, and the next read finds nothing of what it inserted")
    func readersDoNotSave() async throws {
        let fixture = try PoolFixture(maximumReaderCount: 1, notes: 3)
        let container = fixture.container
        await #expect(throws: NoteStoreError.readOnlyContext("reader-1")) {
            try await container.read { context in
                context.insertNote(
                    id: NoteID(9), title: "not saved", body: "", folder: try context.existingFolder(with: FolderID(1)),
                    created: PoolFixture.created
                )
                try context.save()
            }
        }
        #expect(try await container.read { context in (try context.fetchCount(), context.hasChanges) } == (3, false))
    }
}
