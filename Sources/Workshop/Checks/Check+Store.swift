import NoteStore

// MARK: - StoreLedger

/// What the store counted in the measuring child, sent once the learner's code is done:
/// whether it used the container the check handed in, and whether it parked a thread.
struct StoreLedger: Codable, Sendable, Equatable {
    var containersOpened: Int
    var containersHandedIn: Int
    var waits: StoreAudit.Waits

    static var now: StoreLedger {
        StoreLedger(
            containersOpened: StoreAudit.containersOpened,
            containersHandedIn: WorkshopData.containersHandedIn,
            waits: StoreAudit.blockingWaits
        )
    }
}

// MARK: - Checks every exercise on the store makes

extension Check {
    /// `store`: the exercise worked in the container the check handed in, and opened none
    /// of its own. A container of its own has its own data, its own trap setting and its own
    /// counts: whatever the check measured, it did not measure the exercise.
    static func ownsNoStore(_ ledger: StoreLedger?, run: ChildRun) -> Check {
        let expected = "only the container the check hands in"
        return .of("store", ledger, expected: expected, run: run) { ledger in
            let own = ledger.containersOpened - ledger.containersHandedIn
            return .verify(
                "store", own == 0, expected: expected,
                measured: own == 0 ? "only the container handed in" : "\(count(Double(own), "container")) of its own",
                problem: "the exercise opened \(count(Double(own), "container")) of its own besides the one the check "
                    + "hands in: what it does there, with its own data and its own debug-trap setting, is not what "
                    + "the check measures. Use the container that init(container:) receives"
            )
        }
    }

    /// `waits`: no synchronous wait parked the main thread, a context's queue or a thread of
    /// the cooperative pool.
    static func noBlockingWaits(_ ledger: StoreLedger?, lesson: Int, run: ChildRun) -> Check {
        let expected = "0 synchronous waits from async code, an actor or the main thread"
        return .of("waits", ledger, expected: expected, run: run) { ledger in
            let waits = ledger.waits
            let places = [
                (waits.mainThread, "on the main thread"),
                (waits.contextQueue, "on another context's queue (an actor on a custom executor)"),
                (waits.cooperativePool, "on the cooperative pool (async code, a default actor)"),
            ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
            return .verify(
                "waits", waits.total == 0, expected: expected,
                measured: waits.total == 0 ? "0 waits" : "\(count(Double(waits.total), "wait")): \(places)",
                problem: "performAndWait (or ContextQueue.sync) parked a thread \(waits.total) "
                    + "\(waits.total == 1 ? "time" : "times"): \(places). Blocking a thread that other tasks or the "
                    + "interface need is what lesson \(lesson) warns about: await context.perform { } instead, which "
                    + "suspends the caller and frees its thread"
            )
        }
    }
}
