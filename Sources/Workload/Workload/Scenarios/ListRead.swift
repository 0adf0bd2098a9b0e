// MARK: - ListRead

/// `list-read`: client tasks read a list screen, the count and the first titles by
/// identifier, at each size of ``listSizes``: where a second core pays for a trip to it.
struct ListRead: ScenarioDefinition {
    let summary = "read the count and the first N titles, N from 1 to 1,000, 4 clients: where parallel reads pay"

    /// At the standard list size; fewer at a larger one (``ScenarioDefinition/operations(_:listTitles:)``).
    let defaultOperations = 16_000
    let defaultClients = 4
    let standardDivisor = 16
    let maximumOperations = 1_000_000
    let benchmarkOperations = 100  // over 4 clients, of 50 titles
    let segmentOperations = 100_000
    let roughMicroseconds = 60.0
    let probeRoundTrips = 30  // a list of 1,000 titles is a millisecond of work

    let seedsNotes = true
    let listSizes = [1, 10, 100, 1_000]

    /// Where reads run is the question, not how a call reaches its context: every other
    /// pattern reads through one context, as custom-executor does.
    let comparedRows: (rows: [RowID], because: String)? = (
        [.readerPool, .storeSync, .rawSQLite, .grdbPool],
        "list-read compares reads on a pool of connections (reader-pool, grdb-pool) with the same reads on one connection, one caller at a time (store-sync, raw-sqlite); every other row reads through one connection too"
    )

    func notesImported(by operations: Int) -> Int { 0 }

    func operation(_ index: Int, from source: inout OperationSource) -> ScenarioPlan.Operation {
        .listRead(titles: source.listTitles)
    }
}
