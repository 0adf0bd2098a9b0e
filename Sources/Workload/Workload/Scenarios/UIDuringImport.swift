// MARK: - UIDuringImport

/// `ui-during-import`: one client imports large batches while a list on the main actor
/// renders at 120 Hz (``ListFrameReader``), each frame the count and the first 50 titles, as
/// a screen does during a sync. What it shows is whether the screen keeps its frames: a read
/// that queues behind the import's write transaction misses them.
struct UIDuringImport: ScenarioDefinition {
    let summary = "one client imports batches of \(ScenarioPlan.uiBatchSize) notes while a main-actor list renders the count and \(ScenarioPlan.uiShownTitles) titles at \(ScenarioPlan.uiFramesPerSecond) Hz: does the screen keep its frames"

    // About a second of importing per run on 2 cores: more than a hundred frames, so one
    // missed frame in a hundred is seen. The standard run takes a quarter, over five runs.
    let defaultOperations = 120
    let defaultClients = 1
    let standardDivisor = 4
    // 20,000 batches make a database of 20 million notes.
    let maximumOperations = 20_000
    let benchmarkOperations = 10  // 10,000 notes
    let segmentOperations = 100  // a batch is about 350 KB of notes: tens of megabytes
    let roughMicroseconds = 9_000.0
    let probeRoundTrips = 2  // a round trip carries a thousand notes

    let seedsNotes = true

    var frames: ListFrameSchedule? {
        ListFrameSchedule(framesPerSecond: ScenarioPlan.uiFramesPerSecond, titles: ScenarioPlan.uiShownTitles)
    }

    func notesImported(by operations: Int) -> Int {
        operations * ScenarioPlan.uiBatchSize
    }

    func operation(_ index: Int, from source: inout OperationSource) -> ScenarioPlan.Operation {
        .importBatch(source.newNotes(ScenarioPlan.uiBatchSize))
    }
}

extension ScenarioPlan {
    /// Notes in one batch of the ui-during-import scenario: a transaction of several
    /// milliseconds, as a sync or an import of a large file makes.
    public static let uiBatchSize = 1_000
    /// Frames per second of the ui-during-import scenario's list: a 120 Hz display.
    public static let uiFramesPerSecond = 120
    /// Titles one frame of that list shows.
    public static let uiShownTitles = 50
}
