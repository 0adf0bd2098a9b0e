import Workload

// MARK: - What the report says of each scenario

// The report's words about each scenario's numbers, kept with the report rather than with
// the scenario's definition (Workload): the definition says what the scenario is, the report
// what its numbers show. A new scenario is a new case of `Scenario`, so each switch below
// asks for its words.

extension Scenario {
    /// The scenario in a reader's words, not by its name: how the README lists the tables
    /// `make bench` prints.
    package var inWords: String {
        switch self {
        case .importBatch: "import"
        case .pointRead: "point reads"
        case .update: "updates"
        case .mixed: "a mix"
        case .listRead: "list reads (one per list size, then a table by size)"
        case .chatty: "chatty calls"
        case .sync: "keeping a view current"
        case .uiDuringImport: "a list that renders at \(ScenarioPlan.uiFramesPerSecond) Hz during an import"
        }
    }

    /// What this scenario's numbers show that the others' do not, written from what the
    /// report measured.
    func explanation(_ findings: ScenarioFindings) -> String {
        switch self {
        case .importBatch:
            return "One operation writes a hundred notes in one transaction, so \(findings.trip), small beside the write: \(findings.kept), and hops hardly matter."
        case .pointRead:
            let wakeups = findings.count(.wakeups, of: .customExecutor, digits: 1).map {
                " custom-executor's process blocked and woke \($0) times per read."
            } ?? ""
            return "One operation is one indexed read, and every pattern sends it to the context's queue: \(findings.trip), \(findings.roundTripOverWork) times the store's own work, so \(findings.kept).\(wakeups)"
        case .update:
            var text = "One operation reads a note and writes it back in a transaction, more work than a read, so the same round trip (\(findings.roundTrip)) weighs less: \(findings.kept)."
            if let jobs = findings.count(.queueDispatches, of: .actorPerObject, digits: 0),
               let hops = findings.count(.hops, of: .actorPerObject, digits: 0) {
                text += " actor-per-object pays \(jobs) queue jobs and \(hops) hops per update."
            }
            return text
        case .mixed:
            return "\(findings.clients) clients share one connection: its work is serial, so no row beats its base, and the queue-based patterns keep their queue busy, which saves wake-ups (compare wake/op with point-read's): \(findings.kept). With clients waiting, a wake-up's wait overlaps another client's work and only its CPU counts: the model charges that."
        case .listRead:
            return "One operation reads a list's count and its first titles, from \(findings.clients) clients at once. store-sync and raw-sqlite make the reads one caller at a time on one connection; a pool of read-only connections (reader-pool, grdb-pool) makes them at once, on a second core, which pays once a read costs more than the trip to it; the table by list size says from which size."
        case .chatty:
            let dispatches = findings.count(.queueDispatches, of: .queuePerform, digits: 0) ?? "4"
            return "One operation reads four properties through four calls, so every queue-based pattern pays \(dispatches) round trips per note where one snapshot would pay one: \(findings.kept)."
        case .sync:
            return "One operation is one save (ten new notes, or an edit of a shown note) and a main-actor list of the count and \(ScenarioPlan.syncShownNotes.count) notes brought up to date. The rows do two kinds of work, so each is compared with a base that does the same."
                + (findings.readerComparison ?? "")
        case .uiDuringImport:
            return "One operation writes a thousand notes in one transaction while the main actor renders a frame every \(Scenario.uiFrameMilliseconds) ms: a frame whose read waits behind that transaction is missed. The import's throughput is the operations column; the frames are in the table below."
        }
    }

    /// What grdb does for one operation, which is why it takes the time it does.
    var grdbWork: String {
        switch self {
        case .importBatch: "it writes each batch in one `write` transaction on its own serial queue, behind an actor: one hop in and one job per batch, and no read at all"
        case .pointRead: "each read is \(Self.grdbRead)"
        case .update: "it reads and writes the note in one `write` transaction on its own queue, so no statement is prepared again; what it adds is the transaction and the trip to its queue"
        case .mixed: "each of its reads is \(Self.grdbRead), and each update one `write` transaction"
        case .listRead: "each list read is \(Self.grdbRead)"
        case .chatty: "each of the four property reads is \(Self.grdbRead)"
        case .sync: "it has no change notification to merge, so after each `write` its list fetches the count and every shown note again, each fetch \(Self.grdbRead)"
        case .uiDuringImport: "it writes each batch in one `write` transaction on its serial queue, and each frame is a `read` on the same queue, so a frame that arrives during a write waits for it"
        }
    }

    /// Why the cost model predicts nothing in this scenario, in one line; nil when it
    /// predicts the rows it can.
    var outsideCostModel: String? {
        switch self {
        case .uiDuringImport:
            "the list's reads run on the main actor beside the import and wait for its writes, so a row's time is not its base's work plus its own hops and wake-ups"
        default: nil
        }
    }

    /// How grdb reads, in the words of every scenario whose operations read.
    static var grdbRead: String {
        "a read-only transaction on GRDB's own queue, whose statement is prepared again because switching the connection to read-only and back expires its cached statements"
    }

    /// One frame's time of ui-during-import's list, in milliseconds, as the report writes it.
    static let uiFrameMilliseconds = "8.3"
}
