import Baselines
import RowKit
import Testing
import Workload

@testable import Bench

/// The counting pass of a sweep: one process counts every client count.
@Suite("The counting pass of a client sweep")
struct CountingSweepTests {
    @Test("One counting pass counts a swept scenario at each count, each on its own count's plan, and sync once")
    func countsEachCount() async throws {
        let settings = BenchSettings(
            scenarios: [.mixed, .sync], rows: [.rawSQLite], operations: 12, clients: nil, clientSweep: [1, 3], runs: 1,
            seed: 42, quick: false, meters: true, database: .memory, commandLine: "lab bench --clients 1,3"
        )
        let counts = try await CountingPass.run(settings)
        #expect(counts.rows.map { "\($0.scenario) \($0.clients)" } == ["mixed 1", "mixed 3", "sync 1"])
        for count in settings.atEachPoint(of: .mixed) {
            let plan = count.plan(for: .mixed)
            let counted = try #require(counts.row(.rawSQLite, in: .mixed, clients: plan.clients.count))
            #expect(counted.failure == nil)
            #expect(counted.outcomeMatches)
            #expect(counted.outcome == ReferenceModel.expectedOutcome(of: plan), "the plan of \(plan.clients.count) clients")
        }
        let one = try #require(counts.row(.rawSQLite, in: .mixed, clients: 1)?.outcome)
        let three = try #require(counts.row(.rawSQLite, in: .mixed, clients: 3)?.outcome)
        #expect(one.checksum != three.checksum, "each client updates its own notes, so the counts end apart")
    }
}
