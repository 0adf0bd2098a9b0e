import CustomExecutorStore
import NoteStore
import Workload
import WorkshopKit

// MARK: - ArchiveMeasurements

/// What a run of a ``NoteArchive`` measured.
public struct ArchiveMeasurements: MeasuresPromises {
    /// Whether the archive is an actor on an executor (NoteModelActor).
    var isModelActor: Bool?
    /// Whether that actor's jobs run on its own context's queue.
    var executorOnItsContextsQueue: Bool?
    var reads: Checksum?
    /// Some of the notes read again, after another context saved new values for them.
    var readsAfterALaterSave: Checksum?
    var checksum: Checksum?
    /// The cost of one `snapshot(of:)` call.
    var perCall: PerCall?
    /// Jobs per call that reached the context's queue other than through the actor's
    /// executor: `perform` closures.
    var performJobsPerCall: Double?
    public var promises: CallPromises?

    public init() {}
}

// MARK: - Measuring an archive

extension NoteArchive {
    /// Half of the notes are imported by the check, half through the archive, each batch
    /// looked for in the database as its call returns; the archive then reads notes of both
    /// halves back (the check's half it can only find in the database), a read's cost is
    /// counted, and the check reads the database's checksum. Last, the archive imports one
    /// more batch while every save of it fails.
    static func measure(_ record: Recorder<ArchiveMeasurements>) async throws {
        let data = record.data
        let container = try data.container()
        record.step("importing half of the notes through a context of the check's own")
        let batches = data.plan.setup.enumerated()
        try await data.importThroughTheCheck(batches.filter { $0.offset.isMultiple(of: 2) }.map(\.element), into: container)

        record.step("opening the archive")
        let archive = try Self(container: container)
        let executor = (archive as? any NoteModelActor)?.modelExecutor
        record.record { $0.isModelActor = executor != nil }
        if let modelActor = archive as? any NoteModelActor {
            let onItsQueue = await modelActor.runsOnItsContextsQueue()
            record.record { $0.executorOnItsContextsQueue = onItsQueue }
        }

        record.step("importing the other half through the archive")
        let witness = await DatabaseWitness.opened(container)
        for (index, batch) in batches where !index.isMultiple(of: 2) {
            try await record.done("importBatch(_:)", writes: batch.notes, seenBy: witness) { try await archive.importBatch(batch) }
        }

        record.step("reading \(data.readIDs.count) snapshots")
        var snapshots: [NoteSnapshot] = []
        for id in data.readIDs { snapshots.append(try await archive.snapshot(of: id)) }
        record.record { $0.reads = WorkshopData.digest(snapshots) }

        record.step("counting the hops and queue dispatches of snapshot(of:)")
        let jobsBefore = executor?.enqueuedJobs ?? 0
        let ids = data.unreadIDs(CallMeter.calls)
        let perCall = try await CallMeter.perCall { call in _ = try await archive.snapshot(of: ids[call]) }
        let executorJobs = Double((executor?.enqueuedJobs ?? 0) - jobsBefore) / Double(CallMeter.calls)
        record.record {
            $0.perCall = perCall
            $0.performJobsPerCall = perCall.dispatches - executorJobs
        }

        record.step("reading the database's checksum through a context of the check's own")
        let checksum = try await data.checksum(of: container)
        record.record { $0.checksum = checksum }

        record.step("reading \(laterSaved(data).count) snapshots again, after another context saved new values for them")
        let later = laterSaved(data)
        try await data.saveLater(later, in: container)
        var again: [NoteSnapshot] = []
        for note in later { again.append(try await archive.snapshot(of: note.id)) }
        record.record { $0.readsAfterALaterSave = WorkshopData.digest(again) }

        record.step("importing one more batch while every save of it fails")
        await record.failingBatch("importBatch(_:)", in: container, seenBy: witness) { batch in
            try await archive.importBatch(batch)
        }
    }
}

extension NoteArchive {
    /// The notes another context saves new values for, once the archive has read them: five
    /// of those it read.
    static func laterSaved(_ data: WorkshopData) -> [NoteSnapshot] {
        Array(Set(data.readIDs)).sorted().prefix(5).map { data.editedLater(data.note($0)) }
    }
}

extension NoteModelActor {
    /// Whether this actor's code runs on its own context's queue: its executor is built on
    /// that queue, and a job of the actor finds itself there.
    func runsOnItsContextsQueue() -> Bool {
        context.queue === modelExecutor.queue && context.queue.isCurrent
    }
}

// MARK: - The archive's outcome

extension Check {
    /// `checksum`, `reads` (also after a later save), `done` and `failure` of an archive's
    /// run against the reference model.
    static func archiveOutcome<Archive: NoteArchive>(
        _ measured: ArchiveMeasurements, of archive: Archive.Type, run: ChildRun, data: WorkshopData
    ) -> [Check] {
        var reads = Check.reads(measured.reads, reference: data.expectedReads, run: run)
        let later = WorkshopData.digest(Archive.laterSaved(data))
        if reads.status == .passed, let again = measured.readsAfterALaterSave, again != later {
            reads = .verify(
                .reads, false, expected: reads.expected, measured: "the old values after a later save",
                problem: "after another context saved new values for notes the archive had read (a later save), "
                    + "snapshot(of:) returned the old ones: a value kept from an earlier read is stale as soon as "
                    + "another context saves. Read the note in the job that returns it"
            )
        }
        return [
            .checksum(measured.checksum, reference: data.expectedChecksum, run: run),
            reads,
            .done(measured.promises, run: run),
            .failure(measured.promises, run: run),
        ]
    }
}
