import NoteStore
import Testing
import Workload
import RowKit

/// The runner calls only the protocol: each client in its own task, each with its own log.
@Suite("Scenario runner")
struct ScenarioRunnerTests {
    @Test(
        "A run ends at the reference outcome, with concurrent clients or one after another",
        arguments: Scenario.allCases, [true, false]
    )
    func endsAtReference(scenario: Scenario, concurrentClients: Bool) async throws {
        for clients in [1, 3] {
            let plan = ScenarioPlan(scenario: scenario, operations: scenario == .importBatch ? 3 : 30, clients: clients, seed: 13)
            let outcome = try await ScenarioRunner.outcome(
                of: plan, on: ReferenceRepository(), concurrentClients: concurrentClients
            )
            #expect(outcome == ReferenceModel.expectedOutcome(of: plan), "\(clients) clients")
        }
    }

    @Test("A recorder gets one log per client, with one entry per operation", arguments: [true, false])
    func oneLogPerClient(concurrentClients: Bool) async throws {
        let plan = ScenarioPlan(scenario: .mixed, operations: 22, clients: 4, seed: 17)
        let repository = ReferenceRepository()
        try await ScenarioRunner.prepare(plan, on: repository)
        let run = try await ScenarioRunner.run(
            plan, on: repository, clients: concurrentClients ? .concurrent : .sequential, recorder: CountingRecorder()
        )
        #expect(run.logs == plan.clients.map(\.count))
        #expect(run.reads == ReferenceModel.expectedOutcome(of: plan).reads)
    }

    @Test("A failing operation ends the run with the repository's error")
    func failurePropagates() async throws {
        let plan = ScenarioPlan(scenario: .pointRead, operations: 5, clients: 2, seed: 19)
        // Not prepared: the first read of every client finds nothing.
        await #expect(throws: NoteStoreError.self) {
            _ = try await ScenarioRunner.run(plan, on: ReferenceRepository())
        }
    }

    /// Counts the operations it is told about; it ignores their durations.
    struct CountingRecorder: OperationRecorder {
        static var timesOperations: Bool { true }
        func makeLog(operations: Int) -> Int { 0 }
        func record(_ duration: Duration, in log: inout Int) { log += 1 }
    }
}

/// A row's declared hops turn into hops per operation by counting each operation's calls.
@Suite("Hop expectations")
struct HopExpectationTests {
    @Test("A chatty operation is four calls; the others are one")
    func callsPerOperation() {
        #expect(ScenarioPlan.Operation.chatty(NoteID(1)).calls == [.title, .body, .folderName, .modified])
        #expect(ScenarioPlan.Operation.pointRead(NoteID(1)).calls == [.snapshot])
        #expect(ScenarioPlan.Operation.update(NoteID(1), NoteEdit(body: "", modifiedAdvance: 1)).calls == [.update])
        #expect(ScenarioPlan.Operation.importBatch(NoteBatch()).calls == [.importBatch])
    }

    @Test("Hops per operation of a chatty plan count four calls per operation")
    func chattyPlan() {
        let plan = ScenarioPlan(scenario: .chatty, operations: 10, clients: 2, seed: 1)
        #expect(HopExpectation.perCall(1, because: "one hop").hopsPerOperation(in: plan) == 4...4)
        #expect(HopExpectation.perCall(2, plusOneWhen: "late", because: "two hops").hopsPerOperation(in: plan) == 8...12)
        let titleOnly = HopExpectation(reasons: ["only title hops"]) { $0 == .title ? 1 : 0 }
        #expect(titleOnly.hopsPerOperation(in: plan) == 1...1)
    }

    @Test("Hops on each operation's first call count once per operation, whatever that call is")
    func firstCallOfOperation() {
        let chatty = ScenarioPlan(scenario: .chatty, operations: 10, clients: 2, seed: 1)
        let entering = HopExpectation.perCall(1, because: "one hop").onEachOperationsFirstCall(plus: 2)
        #expect(entering.hopsPerOperation(in: chatty) == 6...6, "four calls, and two more on the first")
        let imports = ScenarioPlan(scenario: .uiDuringImport, operations: 4, clients: 1, seed: 1)
        #expect(entering.listScreen(2).hopsPerOperation(in: imports, listReads: 4) == 5...5, "3 per import, 2 per list read")
    }

    @Test("The list's reads count the list's own declaration, or the one every call has")
    func listReads() {
        let plan = ScenarioPlan(scenario: .uiDuringImport, operations: 4, clients: 1, seed: 1)
        let queue = HopExpectation.perCall(0, because: "a job, not a switch").listScreen(2, because: "off and back")
        #expect(queue.listFromTheMainActor == 2...2)
        #expect(queue.hops(.listScreen) == 0...0, "from the pool, a read like any other")
        #expect(queue.hops(.importBatch) == 0...0)
        #expect(queue.hopsPerOperation(in: plan) == 0...0, "no frame, no list read")
        #expect(queue.hopsPerOperation(in: plan, listReads: 6) == 3...3, "six reads of 2 hops over 4 imports")
        #expect(queue.reasons == ["a job, not a switch", "the list's read, from the main actor: off and back"])
        let actor = HopExpectation.perCall(2, plusOneWhen: "late", because: "in and out")
        #expect(actor.hopsPerOperation(in: plan, listReads: 2) == 3...4.5, "4 imports and 2 reads, each 2 or 3 hops")
        let exact = actor.listScreen(2)
        #expect(exact.hopsPerOperation(in: plan, listReads: 2) == 3...4, "the list's read declared exact")
        #expect(exact.condition == "late")
    }

    @Test("Hops per operation of a one-call plan are the hops per call")
    func oneCallPlan() {
        let plan = ScenarioPlan(scenario: .mixed, operations: 10, clients: 2, seed: 1)
        let expectation = HopExpectation.perCall(2, plusOneWhen: "late", because: "two hops")
        #expect(expectation.hopsPerOperation(in: plan) == 2...3)
        #expect(expectation.condition == "late")
    }
}
