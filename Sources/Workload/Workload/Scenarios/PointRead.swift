// MARK: - PointRead

/// `point-read`: one operation fetches one note snapshot by identifier, in one call.
struct PointRead: ScenarioDefinition {
    let summary = "fetch one note snapshot by ID: per-call cost, where hops dominate"

    let defaultOperations = 10_000
    let defaultClients = 1
    let standardDivisor = 8
    let maximumOperations = 1_000_000
    let benchmarkOperations = 200
    let segmentOperations = 100_000
    let roughMicroseconds = 20.0
    let probeRoundTrips = 300

    let seedsNotes = true

    func notesImported(by operations: Int) -> Int { 0 }

    func operation(_ index: Int, from source: inout OperationSource) -> ScenarioPlan.Operation {
        .pointRead(source.seededNote())
    }

    func explanation(_ findings: ScenarioFindings) -> String {
        let wakeups = findings.count(.wakeups, of: .customExecutor, digits: 1).map {
            " custom-executor's process blocked and woke \($0) times per read."
        } ?? ""
        return "One operation is one indexed read, and every pattern sends it to the context's queue: \(findings.trip), \(findings.roundTripOverWork) times the store's own work, so \(findings.kept).\(wakeups)"
    }

    let grdbWork = "each read is \(Self.grdbRead)"
}
