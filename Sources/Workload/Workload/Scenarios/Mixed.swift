// MARK: - Mixed

/// `mixed`: client tasks mix 80% point reads and 20% updates, each on its own range of notes.
struct Mixed: ScenarioDefinition {
    let summary = "80% reads, 20% updates, each client on its own notes: contention and scaling"

    let defaultOperations = 10_000
    let defaultClients = 4
    let standardDivisor = 8
    let maximumOperations = 1_000_000
    let benchmarkOperations = 200  // over 4 clients
    let segmentOperations = 100_000
    let roughMicroseconds = 25.0
    let probeRoundTrips = 300

    let seedsNotes = true

    func notesImported(by operations: Int) -> Int { 0 }

    func operation(_ index: Int, from source: inout OperationSource) -> ScenarioPlan.Operation {
        let id = source.ownNote()
        return source.number(in: 1...10) <= 8 ? .pointRead(id) : .update(id, source.edit())
    }
}
