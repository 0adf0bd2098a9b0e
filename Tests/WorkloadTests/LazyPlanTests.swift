import NoteStore
import Testing

@testable import Workload

/// A plan's operations are generated as they are read, in segments the runner measures
/// apart from the generating; the operations, reads and checksums are those of a plan
/// generated whole.
@Suite("A plan generated as it runs")
struct LazyPlanTests {
    @Test("Import clients continue one text generator in client order: three clients import what one does", arguments: [2, 3, 7])
    func importClientsShareOneSequence(clients: Int) {
        let whole = ScenarioPlan(scenario: .importBatch, operations: 23, clients: 1, seed: 42)
        let split = ScenarioPlan(scenario: .importBatch, operations: 23, clients: clients, seed: 42)
        #expect(Array(split.clients.joined()) == Array(whole.clients[0]))
        #expect(ReferenceModel.expectedOutcome(of: split).checksum == ReferenceModel.expectedOutcome(of: whole).checksum)
    }

    @Test("Skipping notes leaves the text generator where generating them does")
    func skipMatchesGenerating() {
        var generated = TextGenerator(seed: 9)
        for id in 1...37 { _ = generated.note(id: NoteID(Int64(id))) }
        var skipped = TextGenerator(seed: 9)
        skipped.skip(notes: 37)
        #expect(generated.note(id: NoteID(38)) == skipped.note(id: NoteID(38)))
    }

    @Test("A client gives the same operations each time it is read", arguments: Scenario.allCases)
    func readingTwiceGivesTheSame(scenario: Scenario) {
        let plan = ScenarioPlan(scenario: scenario, operations: 40, clients: 3, seed: 5)
        for client in plan.clients {
            #expect(Array(client) == Array(client))
            #expect(Array(client).count == client.count)
        }
    }

    @Test("The import reference, computed note by note, is the model's checksum of every note")
    func importReferenceMatchesTheModel() {
        let plan = ScenarioPlan(scenario: .importBatch, operations: 12, clients: 3, seed: 8)
        var model = ReferenceModel()
        for batch in plan.setup { model.apply(batch) }
        for case .importBatch(let batch) in plan.clients.joined() { model.apply(batch) }
        let expected = ReferenceModel.expectedOutcome(of: plan)
        #expect(expected.checksum == model.checksum)
        #expect(expected.noteCount == 12 * Scenario.batchSize)
    }

    @Test("A digest fed fewer notes than it was told gives another checksum")
    func digestCountsTheNotes() {
        let plan = ScenarioPlan(scenario: .pointRead, operations: 1, clients: 1, seed: 3)
        let folders = plan.setup[0].folders
        let notes = plan.setup.flatMap(\.notes)
        var short = ContentsDigest(folders: folders, noteCount: notes.count)
        for note in notes.dropLast() { short.add(note) }
        #expect(short.checksum != Checksum.contents(folders: folders, notes: notes))
        #expect(short.checksum != Checksum.contents(folders: folders, notes: Array(notes.dropLast())))
    }

    @Test(
        "A run in many segments ends at the reference, with its meter around each segment",
        arguments: Scenario.allCases, [true, false]
    )
    func segmentedRunEndsAtReference(scenario: Scenario, concurrentClients: Bool) async throws {
        let plan = ScenarioPlan(scenario: scenario, operations: scenario == .importBatch ? 9 : 90, clients: 3, seed: 21)
        let repository = ReferenceRepository()
        try await ScenarioRunner.prepare(plan, on: repository)
        var meter = SegmentCounter()
        // Six operations a segment over three clients: two each, so a client's 3 or 30 run in 2 or 15.
        let run = try await ScenarioRunner.run(
            plan, on: repository, clients: concurrentClients ? .concurrent : .sequential,
            recorder: ScenarioRunnerTests.CountingRecorder(), meter: &meter, segmentOperations: 6
        )
        let outcome = try await ScenarioRunner.outcome(reads: run.reads, on: repository)
        #expect(outcome == ReferenceModel.expectedOutcome(of: plan))
        #expect(run.logs == plan.clients.map(\.count))
        #expect(meter.started == (scenario == .importBatch ? 2 : 15))
        #expect(meter.stopped == meter.started)
    }

    @Test(
        "A meter that asks for the fixed cost gets one empty segment after the plan, told how many segments ran",
        arguments: [ClientMode.sequential, .concurrent]
    )
    func fixedCostSegment(clients: ClientMode) async throws {
        let plan = ScenarioPlan(scenario: .pointRead, operations: 90, clients: 3, seed: 21)
        let repository = ReferenceRepository()
        try await ScenarioRunner.prepare(plan, on: repository)
        var asking = FixedCostCounter()
        let run = try await ScenarioRunner.run(
            plan, on: repository, clients: clients, recorder: ScenarioRunnerTests.CountingRecorder(), meter: &asking,
            segmentOperations: 6
        )
        #expect(asking.events == Array(repeating: "segment", count: 15) + ["fixed cost after 15 segments"])
        // The empty segment reads nothing and logs nothing: the outcome is the plan's alone.
        #expect(try await ScenarioRunner.outcome(reads: run.reads, on: repository) == ReferenceModel.expectedOutcome(of: plan))
        #expect(run.logs == plan.clients.map(\.count))
        // A meter that does not ask never sees it.
        var counting = SegmentCounter()
        _ = try await ScenarioRunner.run(
            plan, on: repository, clients: clients, recorder: NoRecorder(), meter: &counting, segmentOperations: 6
        )
        #expect(counting.started == 15 && counting.stopped == 15)
    }

    struct SegmentCounter: RunMeter {
        var started = 0
        var stopped = 0
        mutating func start() {
            #expect(started == stopped, "started once per segment")
            started += 1
        }
        mutating func stop() { stopped += 1 }
    }

    /// Records each segment and the fixed-cost segment, in order.
    struct FixedCostCounter: RunMeter {
        var events: [String] = []
        private var inSegment = false
        var measuresFixedCost: Bool { true }
        mutating func start() { inSegment = true }
        mutating func stop() {
            if inSegment { events.append("segment") }
            inSegment = false
        }
        mutating func startFixedCost() { inSegment = false }
        mutating func stopFixedCost(segments: Int) { events.append("fixed cost after \(segments) segments") }
    }
}
