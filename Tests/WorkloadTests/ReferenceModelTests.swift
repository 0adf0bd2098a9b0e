import NoteStore
import Testing
import Workload

/// The reference model is the workload on plain values: the outcome every row must reach.
@Suite("Reference model")
struct ReferenceModelTests {
    @Test("The outcome of a plan is the same every time it is computed", arguments: Scenario.allCases)
    func outcomeIsStable(scenario: Scenario) {
        let plan = ScenarioPlan(scenario: scenario, operations: 20, clients: 2, seed: 3)
        let rebuilt = ScenarioPlan(scenario: scenario, operations: 20, clients: 2, seed: 3)
        #expect(ReferenceModel.expectedOutcome(of: plan) == ReferenceModel.expectedOutcome(of: plan))
        #expect(ReferenceModel.expectedOutcome(of: plan) == ReferenceModel.expectedOutcome(of: rebuilt))
    }

    @Test("A tiny mixed plan has a pinned outcome")
    func goldenOutcome() {
        // Computed once and pinned: it covers the generator (SplitMix64, the text, the
        // clients' ranges) as well as the checksum. If it changes, every plan changed, and
        // every published checksum with it.
        let plan = ScenarioPlan(scenario: .mixed, operations: 10, clients: 2, seed: 1)
        let outcome = ReferenceModel.expectedOutcome(of: plan)
        #expect(outcome.checksum.description == "2e385ca9b5ff182f")
        #expect(outcome.reads.description == "e9fa0623e57b8f33")
        #expect(outcome.noteCount == ScenarioPlan.seededNoteCount)
    }

    @Test("Import adds a batch of notes per operation, ui-during-import a batch of 1,000 after the seeded notes, sync a small one every other; the other scenarios keep the seeded notes")
    func noteCounts() {
        for scenario in Scenario.allCases {
            let plan = ScenarioPlan(scenario: scenario, operations: 3, clients: 1, seed: 2)
            let expected = switch scenario {
            case .importBatch: 3 * Scenario.batchSize
            case .sync: ScenarioPlan.seededNoteCount + 2 * ScenarioPlan.syncBatchSize
            case .uiDuringImport: ScenarioPlan.seededNoteCount + 3 * ScenarioPlan.uiBatchSize
            default: ScenarioPlan.seededNoteCount
            }
            #expect(ReferenceModel.expectedOutcome(of: plan).noteCount == expected, "\(scenario)")
        }
    }

    @Test("The sync scenario's reference outcome is fixed, with one client whatever the plan asks for")
    func syncReference() {
        let plan = ScenarioPlan(scenario: .sync, operations: 10, clients: 3, seed: 1)
        #expect(plan.clients.count == 1)
        let outcome = ReferenceModel.expectedOutcome(of: plan)
        #expect(outcome.checksum.description == "3ae7a508cf5502c9")
        #expect(outcome.reads.description == "837153d86bba5651")
        #expect(outcome.noteCount == ScenarioPlan.seededNoteCount + 5 * ScenarioPlan.syncBatchSize)
    }

    @Test("Updates change the checksum; reads change only the digest of reads")
    func whatChangesWhat() {
        let reads = ScenarioPlan(scenario: .pointRead, operations: 10, clients: 1, seed: 4)
        let updates = ScenarioPlan(scenario: .update, operations: 10, clients: 1, seed: 4)
        let readOutcome = ReferenceModel.expectedOutcome(of: reads)
        let updateOutcome = ReferenceModel.expectedOutcome(of: updates)
        var seeded = ReferenceModel()
        for batch in reads.setup { seeded.apply(batch) }
        #expect(readOutcome.checksum == seeded.checksum)
        #expect(readOutcome.reads != Checksum())
        #expect(updateOutcome.checksum != seeded.checksum)
        var nothingRead = Checksum()
        nothingRead.combine(Checksum())  // one client, whose digest of reads stayed empty
        #expect(updateOutcome.reads == nothingRead)
    }
}
