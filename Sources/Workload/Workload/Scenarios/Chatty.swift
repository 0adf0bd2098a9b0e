// MARK: - Chatty

/// `chatty`: one operation reads four properties of a note through four separate calls.
struct Chatty: ScenarioDefinition {
    let summary = "read four properties through separate calls: what per-property hops cost"

    let defaultOperations = 5_000
    let defaultClients = 1
    let standardDivisor = 8
    let maximumOperations = 1_000_000
    let benchmarkOperations = 100  // 400 calls
    let segmentOperations = 100_000
    let roughMicroseconds = 80.0
    let probeRoundTrips = 300

    let seedsNotes = true

    func notesImported(by operations: Int) -> Int { 0 }

    func operation(_ index: Int, from source: inout OperationSource) -> ScenarioPlan.Operation {
        .chatty(source.seededNote())
    }
}
