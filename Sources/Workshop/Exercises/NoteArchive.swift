import CustomExecutorStore
import NoteStore
import Workload

// MARK: - NoteArchive

/// What exercises 1, 3 and 4 ask of the learner's type, whatever kind of type it is (a
/// class, a plain actor, an actor on the context's queue): import batches, read notes
/// back, and report the database's checksum, from async code.
public protocol NoteArchive: Sendable {
    init(container: NoteContainer) throws
    func importBatch(_ batch: NoteBatch) async throws
    func snapshot(of id: NoteID) async throws -> NoteSnapshot
    func checksum() async throws -> Checksum
}

// MARK: - ArchiveMeasurements

/// What a run of a ``NoteArchive`` measured.
public struct ArchiveMeasurements: Measurements {
    /// Whether the archive is an actor on its context's executor.
    var isModelActor: Bool?
    var reads: Checksum?
    var checksum: Checksum?
    /// The cost of one `snapshot(of:)` call.
    var perCall: PerCall?
    /// Jobs per call that reached the context's queue other than through the actor's
    /// executor: `perform` closures.
    var performJobsPerCall: Double?

    public init() {}
}

// MARK: - Measuring an archive

extension NoteArchive {
    /// Imports the plan's data through the archive, reads it back, counts what a read
    /// costs, and reads the checksum.
    static func measure(_ record: Recorder<ArchiveMeasurements>) async throws {
        record.step("opening the archive")
        let archive = try Self(container: WorkshopData.container())
        let executor = (archive as? any NoteModelActor)?.modelExecutor
        record.record { $0.isModelActor = executor != nil }

        record.step("importing the setup batches")
        for batch in WorkshopData.plan.setup { try await archive.importBatch(batch) }

        record.step("reading \(WorkshopData.readIDs.count) snapshots")
        var snapshots: [NoteSnapshot] = []
        for id in WorkshopData.readIDs { snapshots.append(try await archive.snapshot(of: id)) }
        record.record { $0.reads = WorkshopData.digest(snapshots) }

        record.step("counting the hops and queue dispatches of snapshot(of:)")
        let jobsBefore = executor?.enqueuedJobs ?? 0
        let id = WorkshopData.readIDs[0]
        let perCall = try await CallMeter.perCall { _ = try await archive.snapshot(of: id) }
        let executorJobs = Double((executor?.enqueuedJobs ?? 0) - jobsBefore) / Double(CallMeter.calls)
        record.record {
            $0.perCall = perCall
            $0.performJobsPerCall = perCall.dispatches - executorJobs
        }

        record.step("reading the checksum")
        let checksum = try await archive.checksum()
        record.record { $0.checksum = checksum }
    }
}

// MARK: - The archive's outcome

extension Check {
    /// `checksum` and `reads` of an archive's run against the reference model.
    static func archiveOutcome(_ measured: ArchiveMeasurements, run: ChildRun) -> [Check] {
        [
            .checksum(measured.checksum, reference: WorkshopData.expected.checksum, run: run),
            .reads(measured.reads, reference: WorkshopData.expected.reads, run: run),
        ]
    }
}
