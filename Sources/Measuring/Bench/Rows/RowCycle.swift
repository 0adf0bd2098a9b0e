import Support
import Meters
import NoteStore
import Workload
import RowKit

// MARK: - RowCycle

/// One cycle of a row: open it on a fresh database, write the setup data, run the plan inside
/// the caller's meter, read the outcome back, close it, and check what survived.
///
/// `lab bench` times and counts rows with it and the regression benchmarks measure them with
/// it, so that every number about a row comes from the same steps in the same order.
public enum RowCycle {
    /// What one cycle produced.
    public struct Run<Log: Sendable>: Sendable {
        /// Each client's log from the recorder, in client order.
        public let logs: [Log]
        /// What the row ended with, to compare with `ReferenceModel.expectedOutcome(of:)`.
        public let outcome: ReferenceModel.Outcome
        /// The instances reachable from the repository that outlived its teardown; nil when
        /// the cycle did not check.
        public let leaks: LeakReport?
        /// Whether the repository named its store container, so that the sync scenario's
        /// reader merged each save instead of fetching what it shows again.
        public let namesStoreContainer: Bool
        /// What the main-actor list rendered, in a scenario with one.
        public let frames: FrameLog?
    }

    /// Runs `plan` through `row` on the fresh database at `location`.
    ///
    /// Only the running of the plan's operations happens between `meter`'s starts and stops:
    /// opening, the setup data, generating the operations, reading back and closing never
    /// do. The repository is closed before this returns, after an error too. With
    /// `checkingLeaks`, everything reachable from the repository is recorded before it closes
    /// (so a cycle the row detaches during teardown is still found), and the report is read
    /// once the row is released and its queues had time to let go of it.
    public static func run<Recorder: OperationRecorder, Meter: RunMeter>(
        _ row: RowDescriptor, plan: ScenarioPlan, on location: NoteContainer.Location,
        recorder: Recorder, meter: inout Meter, checkingLeaks: Bool = true
    ) async throws -> Run<Recorder.Log> {
        let (run, outcome, check, names) = try await runAndClose(
            row, plan: plan, location: location, recorder: recorder, meter: &meter, checkingLeaks: checkingLeaks
        )
        await check?.settle()
        return Run(
            logs: run.logs, outcome: outcome, leaks: check?.report(), namesStoreContainer: names, frames: run.frames
        )
    }

    /// Everything that holds the repository, in a scope of its own, so that nothing but the
    /// leak check's weak references outlives it.
    private static func runAndClose<Recorder: OperationRecorder, Meter: RunMeter>(
        _ row: RowDescriptor, plan: ScenarioPlan, location: NoteContainer.Location,
        recorder: Recorder, meter: inout Meter, checkingLeaks: Bool
    ) async throws -> (
        run: ScenarioRun<Recorder.Log>, outcome: ReferenceModel.Outcome, check: LeakCheck?, namesStoreContainer: Bool
    ) {
        let repository = try await row.open(RepositoryConfiguration(location: location))
        let namesStoreContainer = repository.storeContainer != nil
        do {
            try await ScenarioRunner.prepare(plan, on: repository)
            let run = try await ScenarioRunner.run(
                plan, on: repository, clients: row.clients, recorder: recorder, meter: &meter
            )
            let outcome = try await ScenarioRunner.outcome(reads: run.reads, on: repository)
            let check = checkingLeaks
                ? LeakCheck(tracking: repository as AnyObject, isBoundary: row.isSharedInfrastructure) : nil
            try await repository.close()
            return (run, outcome, check, namesStoreContainer)
        } catch {
            try? await repository.close()
            throw error
        }
    }
}
