// MARK: - Sync

/// `sync`: a writer saves, alternately a batch of 10 new notes and an edit of a shown note,
/// and after each save a main-actor reader (``SyncView``) shows the count and 50 notes, as
/// a list does.
struct Sync: ScenarioDefinition {
    let summary = "a writer saves, a main-actor view shows the count and \(ScenarioPlan.syncShownNotes.count) notes: keeping a view current per save"

    let defaultOperations = 1_000
    let defaultClients = 1
    let standardDivisor = 16  // an operation costs about eight times an update's
    let maximumOperations = 1_000_000
    let benchmarkOperations = 100  // 50 saves of 10 notes, 50 edits, 100 views of 50 notes
    let segmentOperations = 100_000
    let roughMicroseconds = 730.0
    let probeRoundTrips = 300

    let seedsNotes = true

    func notesImported(by operations: Int) -> Int {
        (operations + 1) / 2 * ScenarioPlan.syncBatchSize
    }

    func operation(_ index: Int, from source: inout OperationSource) -> ScenarioPlan.Operation {
        guard index.isMultiple(of: 2) else {
            return .sync(.update(source.note(in: ScenarioPlan.syncShownNotes), source.edit()))
        }
        return .sync(.importBatch(source.newNotes(ScenarioPlan.syncBatchSize)))
    }
}

extension ScenarioPlan {
    /// The notes the sync scenario's reader shows, and its writer edits.
    public static let syncShownNotes: ClosedRange<Int64> = 1...50
    /// Notes one import of the sync scenario inserts.
    public static let syncBatchSize = 10
}
