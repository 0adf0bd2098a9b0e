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
}
