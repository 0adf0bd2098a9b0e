import NoteStore
import Workload

// MARK: - CallPromises

/// What the check found of the two promises a call makes to its caller: when it returns, its
/// work is in the database; when its work fails, it throws.
///
/// Both are measured by their effect, through the check's own connection
/// (``DatabaseWitness``): a call that scheduled its work and returned, in whatever way it
/// scheduled it, finds its work missing; a call that caught the failure, in whatever way it
/// caught it, returns normally from a save that failed.
public struct CallPromises: Codable, Sendable, Equatable {
    /// Calls whose work the check looked for as each returned.
    var callsChecked = 0
    /// The first call that returned before its work was committed.
    var returnedEarly: Call?
    /// The first call whose work went on after it returned: store jobs that started while
    /// the check, which made no call meanwhile, waited.
    var leftRunning: LeftRunning?
    /// The call the check made while the disk failed every save of its work.
    var failed: FailedCall?

    public init() {}

    /// One call: its name, and how much of its work was in the database.
    struct Call: Codable, Sendable, Equatable {
        var name: String
        var committed: Int
        var expected: Int
    }

    /// A call that returned while its work still ran: the store jobs that started after it.
    struct LeftRunning: Codable, Sendable, Equatable {
        var name: String
        var jobs: Int
    }

    /// The call made while its saves, or a read it needs, failed.
    struct FailedCall: Codable, Sendable, Equatable {
        var call: Call
        /// Whether a read failed, not a save: the call then has nothing to leave behind.
        var readFailed = false
        /// What it threw, or nil when it returned normally.
        var error: String?
    }
}

/// Measurements of an exercise whose calls' promises the check measures: they carry
/// ``CallPromises``.
public protocol MeasuresPromises: Measurements {
    var promises: CallPromises? { get set }
}

// MARK: - Measuring the promises

extension Recorder where Measured: MeasuresPromises {
    /// Makes `call`, named `name` ("importBatch(_:)"), and, as soon as it returns, counts
    /// how many of `writes`, the notes its work saves, the database holds.
    func done<T>(
        _ name: String, writes: [NoteSnapshot], seenBy witness: DatabaseWitness, _ call: () async throws -> T
    ) async throws -> T {
        try await done(name, expected: writes.count, call) { await witness.committed(writes) }
    }

    /// ``done(_:writes:seenBy:_:)`` for a call whose work is found by the titles it saves.
    func done<T>(
        _ name: String, savesTitles titles: [String], seenBy witness: DatabaseWitness, _ call: () async throws -> T
    ) async throws -> T {
        try await done(name, expected: titles.count, call) { await witness.committed(titled: titles) }
    }

    private func done<T>(
        _ name: String, expected: Int, _ call: () async throws -> T, committed: () async -> Int
    ) async throws -> T {
        let result = try await call()
        let jobsAtReturn = ContextQueue.slowedJobs
        let found = await committed()
        // Work the call handed on and did not await may already be committed (a task that
        // saved first) and go on with the rest of it (an index, a second save): between two
        // calls of the check, nothing of the call's may run on a context's queue.
        try await Task.sleep(for: Self.quietAfterReturn)
        let jobsAfter = ContextQueue.slowedJobs - jobsAtReturn
        recordPromise { promises in
            promises.callsChecked += 1
            if found < expected, promises.returnedEarly == nil {
                promises.returnedEarly = .init(name: name, committed: found, expected: expected)
            }
            if jobsAfter > 0, promises.leftRunning == nil {
                promises.leftRunning = .init(name: name, jobs: jobsAfter)
            }
        }
        return result
    }

    /// How long the check watches the context queues after a call returned, making no call
    /// itself: a job the call left queued starts within a slowed job's delay.
    static var quietAfterReturn: Duration { .milliseconds(10) }

    /// Makes `call` while every save that writes a note `failing` picks fails, as a disk that
    /// cannot be written makes it fail, and records whether the call threw and how many of
    /// `writes` the database holds after it.
    func failingSaves(
        _ name: String, writes: [NoteSnapshot], failing: @escaping @Sendable (NoteSnapshot) -> Bool,
        in container: NoteContainer, seenBy witness: DatabaseWitness, _ call: () async throws -> Void
    ) async {
        await failingSaves(name, expected: writes.count, failing: failing, in: container, call) {
            await witness.committed(writes)
        }
    }

    /// ``failingSaves(_:writes:failing:in:seenBy:_:)`` for a call whose work is found by
    /// the titles it saves.
    func failingSaves(
        _ name: String, savesTitles titles: [String], failing: @escaping @Sendable (NoteSnapshot) -> Bool,
        in container: NoteContainer, seenBy witness: DatabaseWitness, _ call: () async throws -> Void
    ) async {
        await failingSaves(name, expected: titles.count, failing: failing, in: container, call) {
            await witness.committed(titled: titles)
        }
    }

    /// Makes `call` with a batch of notes the plan does not have while the save of one of
    /// them fails (``failingSaves(_:writes:failing:in:seenBy:_:)``): work saved whole fails
    /// whole, work saved in pieces leaves the pieces before that note behind.
    func failingBatch(
        _ name: String, in container: NoteContainer, seenBy witness: DatabaseWitness, _ call: (NoteBatch) async throws -> Void
    ) async {
        let batch = NoteBatch(notes: data.notesNotInThePlan(20))
        let failingNote = data.failingNote(of: batch.notes)
        await failingSaves(name, writes: batch.notes, failing: { $0.id == failingNote }, in: container, seenBy: witness) {
            try await call(batch)
        }
    }

    /// Makes `call` while every read of note `id` fails, as a disk that cannot be read makes
    /// it fail, and records whether the call threw.
    func failingReads(_ name: String, of id: NoteID, in container: NoteContainer, _ call: () async throws -> Void) async {
        container.failReads(of: id, with: NoteContainer.diskReadError)
        var error: (any Error)?
        do { try await call() } catch let thrown { error = thrown }
        container.stopFailing()
        recordPromise { promises in
            promises.failed = .init(call: .init(name: name, committed: 0, expected: 0), readFailed: true, error: error.map { "\($0)" })
        }
    }

    private func failingSaves(
        _ name: String, expected: Int, failing: @escaping @Sendable (NoteSnapshot) -> Bool,
        in container: NoteContainer, _ call: () async throws -> Void, committed: () async -> Int
    ) async {
        container.failSaves(.init(error: NoteContainer.diskWriteError, writes: failing))
        var error: (any Error)?
        do { try await call() } catch let thrown { error = thrown }
        let found = await committed()
        container.stopFailing()
        recordPromise { promises in
            promises.failed = .init(call: .init(name: name, committed: found, expected: expected), error: error.map { "\($0)" })
        }
    }

    private func recordPromise(_ change: (inout CallPromises) -> Void) {
        record { measured in
            var promises = measured.promises ?? CallPromises()
            change(&promises)
            measured.promises = promises
        }
    }
}
