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

    func explanation(_ findings: ScenarioFindings) -> String {
        var text = "One operation reads a note and writes it back in a transaction, more work than a read, so the same round trip (\(findings.roundTrip)) weighs less: \(findings.kept)."
        if let jobs = findings.count(.queueDispatches, of: .actorPerObject, digits: 0),
           let hops = findings.count(.hops, of: .actorPerObject, digits: 0) {
            text += " actor-per-object pays \(jobs) queue jobs and \(hops) hops per update."
        }
        return text
    }

    let grdbWork = "it reads and writes the note in one `write` transaction on its own queue, so no statement is prepared again; what it adds is the transaction and the trip to its queue"
}
