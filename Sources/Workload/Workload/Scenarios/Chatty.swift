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

    func explanation(_ findings: ScenarioFindings) -> String {
        let dispatches = findings.count(.queueDispatches, of: .queuePerform, digits: 0) ?? "4"
        return "One operation reads four properties through four calls, so every queue-based pattern pays \(dispatches) round trips per note where one snapshot would pay one: \(findings.kept)."
    }

    let grdbWork = "each of the four property reads is \(Self.grdbRead)"
}
