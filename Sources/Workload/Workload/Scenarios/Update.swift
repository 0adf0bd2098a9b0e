// MARK: - Update

/// `update`: one operation reads, modifies and saves one note by identifier, in one call.
/// Each client writes only its own range of notes.
struct Update: ScenarioDefinition {
    let summary = "read-modify-write one note by ID: hops plus a write transaction"

    let defaultOperations = 2_000
    let defaultClients = 1
    let standardDivisor = 8
    let maximumOperations = 1_000_000
    let benchmarkOperations = 100
    let segmentOperations = 100_000
    let roughMicroseconds = 90.0
    let probeRoundTrips = 300

    let seedsNotes = true

    func notesImported(by operations: Int) -> Int { 0 }

    func operation(_ index: Int, from source: inout OperationSource) -> ScenarioPlan.Operation {
        .update(source.ownNote(), source.edit())
    }
}
