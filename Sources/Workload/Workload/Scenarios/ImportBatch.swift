// MARK: - ImportBatch

/// `import`: one operation inserts a batch of 100 notes into folders, in one transaction.
/// The database starts with folders only, so every note is one the run imports.
struct ImportBatch: ScenarioDefinition {
    let summary = "insert a batch of \(Scenario.batchSize) notes in one transaction: write throughput; hops are rare"

    let defaultOperations = 200
    let defaultClients = 1
    let standardDivisor = 8
    // 200,000 batches make a database of 20 million notes, and a whole `lab bench` runs a
    // plan six times per row, after a warm-up of a tenth.
    let maximumOperations = 200_000
    let benchmarkOperations = 10  // 1,000 notes
    let segmentOperations = 1_000  // a batch is about 35 KB of notes: tens of megabytes
    let roughMicroseconds = 860.0
    let probeRoundTrips = 20  // a round trip carries a hundred notes

    let seedsNotes = false

    func notesImported(by operations: Int) -> Int {
        operations * Scenario.batchSize
    }

    func operation(_ index: Int, from source: inout OperationSource) -> ScenarioPlan.Operation {
        .importBatch(source.newNotes(Scenario.batchSize))
    }
}

extension Scenario {
    /// Notes in a batch of the import scenario, and in each batch of the setup data.
    public static let batchSize = 100
}
