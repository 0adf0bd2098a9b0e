import NoteStore
import Testing
import Workload

/// A plan is a pure function of its scenario, size and seed: the same work for every row.
@Suite("Scenario plans")
struct ScenarioPlanTests {
    @Test("The same seed gives the same plan", arguments: Scenario.allCases)
    func sameSeedSamePlan(scenario: Scenario) {
        let first = ScenarioPlan(scenario: scenario, operations: 30, clients: 3, seed: 42)
        let second = ScenarioPlan(scenario: scenario, operations: 30, clients: 3, seed: 42)
        #expect(first.setup == second.setup)
        #expect(first.clients == second.clients)
    }

    @Test("Every operation makes as many repository calls as its scenario says", arguments: Scenario.allCases)
    func callsPerOperation(scenario: Scenario) {
        let plan = ScenarioPlan(scenario: scenario, operations: 60, clients: 3, seed: 42)
        #expect(plan.clients.joined().allSatisfy { $0.calls.count == scenario.definition.callsPerOperation })
    }

    @Test("Some scenario makes every call of the repository")
    func everyCallIsMade() {
        let made = Scenario.allCases.flatMap { scenario in
            ScenarioPlan(scenario: scenario, operations: 60, clients: 1, seed: 42).clients.joined().flatMap(\.calls)
        }
        #expect(Set(made) == Set(RepositoryCall.allCases))
    }

    @Test("Every operation has the main-actor reader exactly when its scenario says so", arguments: Scenario.allCases)
    func readers(scenario: Scenario) {
        let plan = ScenarioPlan(scenario: scenario, operations: 60, clients: 3, seed: 42)
        let hasReader = scenario.definition.hasReader
        #expect(plan.clients.joined().allSatisfy { operation in
            if case .sync = operation { hasReader } else { !hasReader }
        })
    }

    @Test("A client imports as many new notes as its scenario says", arguments: Scenario.allCases)
    func notesImported(scenario: Scenario) {
        for operations in [1, 6, 7] {
            let plan = ScenarioPlan(scenario: scenario, operations: operations, clients: 1, seed: 42)
            let imported = plan.clients[0].reduce(0) { $0 + ($1.importedBatch?.notes.count ?? 0) }
            #expect(imported == scenario.definition.notesImported(by: operations), "\(operations) operations")
        }
    }

    @Test("Another seed gives another plan: other operations, or other notes where every operation reads the same list", arguments: Scenario.allCases)
    func otherSeedOtherPlan(scenario: Scenario) {
        let first = ScenarioPlan(scenario: scenario, operations: 30, clients: 3, seed: 42)
        let second = ScenarioPlan(scenario: scenario, operations: 30, clients: 3, seed: 43)
        if scenario.definition.listSizes.isEmpty {
            #expect(first.clients != second.clients)
        } else {
            #expect(first.clients == second.clients, "a list read reads the first titles, whatever the seed")
            #expect(first.setup != second.setup)
        }
    }

    @Test(
        "The operations are shared out evenly and add up to the total",
        arguments: [(1, 1), (10, 3), (40, 4), (7, 7), (2, 5)]
    )
    func operationsAddUp(operations: Int, clients: Int) {
        let plan = ScenarioPlan(scenario: .mixed, operations: operations, clients: clients, seed: 1)
        let counts = plan.clients.map(\.count)
        #expect(counts.count == clients)
        #expect(counts.reduce(0, +) == operations)
        #expect(plan.operationCount == operations)
        #expect(counts.max()! - counts.min()! <= 1)
    }

    @Test(
        "Clients of update and mixed touch disjoint notes, so no interleaving changes the result",
        arguments: [Scenario.update, .mixed], [2, 3, 4, 8]
    )
    func clientsTouchDisjointNotes(scenario: Scenario, clients: Int) {
        let plan = ScenarioPlan(scenario: scenario, operations: 400, clients: clients, seed: 9)
        let touched = plan.clients.map { operations in
            Set(operations.flatMap { operation in operation.notes.read + operation.notes.written })
        }
        for (index, notes) in touched.enumerated() {
            #expect(!notes.isEmpty)
            for other in touched[(index + 1)...] {
                #expect(notes.isDisjoint(with: other), "client \(index) shares notes with another client")
            }
        }
        let seeded = NoteID(1)...NoteID(Int64(ScenarioPlan.seededNoteCount))
        #expect(touched.joined().allSatisfy { seeded.contains($0) })
    }

    @Test(
        "In every scenario, no client writes a note that another client reads or writes, so no interleaving changes what is read or saved",
        arguments: Scenario.allCases, [2, 4, 8]
    )
    func noClientWritesAnothersNotes(scenario: Scenario, clients: Int) {
        let plan = ScenarioPlan(scenario: scenario, operations: 400, clients: clients, seed: 9)
        let perClient = plan.clients.map { operations in
            operations.map(\.notes).reduce(into: (written: Set<NoteID>(), touched: Set<NoteID>())) { sets, notes in
                sets.written.formUnion(notes.written)
                sets.touched.formUnion(notes.written + notes.read)
            }
        }
        for (index, client) in perClient.enumerated() {
            for (other, touched) in perClient.map(\.touched).enumerated() where other != index {
                #expect(client.written.isDisjoint(with: touched), "\(scenario.rawValue): client \(index) writes notes client \(other) touches")
            }
        }
    }

    @Test("Every scenario but import starts from the same seeded notes")
    func setupHoldsTheSeededNotes() {
        for scenario in Scenario.allCases {
            let plan = ScenarioPlan(scenario: scenario, operations: 1, clients: 1, seed: 5)
            #expect(plan.setup.first?.folders.count == ScenarioPlan.folderCount)
            let notes = plan.setup.flatMap(\.notes)
            #expect(notes.count == (scenario == .importBatch ? 0 : ScenarioPlan.seededNoteCount))
            #expect(plan.setup.allSatisfy { $0.notes.count <= Scenario.batchSize })
        }
    }
}

/// The generator behind every plan: a fixed algorithm, so a plan is the same everywhere.
@Suite("SplitMix64")
struct SplitMix64Tests {
    @Test("Seed 0 gives SplitMix64's published first values")
    func firstValuesForSeedZero() {
        // The reference sequence of the algorithm (Steele, Lea and Flood; Vigna's C code).
        // If these change, every plan and every published checksum changes with them.
        var random = SplitMix64(seed: 0)
        let values = (0..<4).map { _ in random.next() }
        #expect(values == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F, 0xF88B_B8A8_724C_81EC])
    }

    @Test("A value in a range stays in the range and reaches both ends")
    func valuesInRange() {
        var random = SplitMix64(seed: 7)
        let values = (0..<1_000).map { _ in random.next(in: 1...6) }
        #expect(values.allSatisfy { (1...6).contains($0) })
        #expect(Set(values) == [1, 2, 3, 4, 5, 6])
    }
}
