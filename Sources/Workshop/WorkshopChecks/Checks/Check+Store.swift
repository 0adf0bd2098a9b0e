import NoteStore
internal import Support

// MARK: - StoreLedger

/// What the store counted in the measuring child, sent once the learner's code is done:
/// whether it used the container the check handed in, and whether it parked a thread.
struct StoreLedger: Codable, Sendable, Equatable {
    var containersOpened: Int
    var containersHandedIn: Int
    var waits: StoreAudit.Waits
    /// Contexts made on the main queue, and contexts confined to an actor: the check's own
    /// code makes neither.
    var contextsOnTheMainQueue: Int
    var contextsConfinedToActors: Int
    /// How long the worst moments held a thread of the pool or the main thread.
    var stalls: Stalls

    static func now(stalls: Stalls) -> StoreLedger {
        StoreLedger(
            containersOpened: StoreAudit.containersOpened,
            containersHandedIn: WorkshopData.containersHandedIn,
            waits: StoreAudit.blockingWaits,
            contextsOnTheMainQueue: StoreAudit.contextsOnTheMainQueue,
            contextsConfinedToActors: StoreAudit.contextsConfinedToActors,
            stalls: stalls
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
        return .of(.store, ledger, expected: expected, run: run) { ledger in
            let own = ledger.containersOpened - ledger.containersHandedIn
            return .verify(
                .store, own == 0, expected: expected,
                measured: own == 0 ? "only the container handed in" : "\(count(Double(own), "container")) of its own",
                problem: "the exercise opened \(count(Double(own), "container")) of its own besides the one the check "
                    + "hands in: what it does there, with its own data and its own debug-trap setting, is not what "
                    + "the check measures. Use the container that init(container:) receives"
            )
        }
    }

    /// `contexts`: the exercise's contexts are where `placement` allows: none confined to an
    /// actor with the lab's `confine(to:)`, which Core Data does not have, and, on their own
    /// queues, none on the main queue, where its work would run on the interface's thread.
    static func contexts(_ ledger: StoreLedger?, placement: ContextPlacement, run: ChildRun) -> Check {
        let ownQueues = placement == .onTheirOwnQueues
        let expected = ownQueues
            ? "every context on a queue of its own: none on the main queue, none confined to an actor"
            : "no context confined to an actor; a context on the main queue, as Core Data's view context is, is accepted"
        return .of(.contexts, ledger, expected: expected, run: run) { ledger in
            let main = ownQueues ? ledger.contextsOnTheMainQueue : 0
            let confined = ledger.contextsConfinedToActors
            let problems = [
                main > 0 ? "\(count(Double(main), "context")) on the main queue: every import and read would run on "
                    + "the interface's thread, which this lesson keeps free" : nil,
                confined > 0 ? "\(count(Double(confined), "context")) confined to an actor with confine(to:), the "
                    + "lab's shortcut that Core Data does not have: this lesson is about the context's own queue" : nil,
            ].compactMap { $0 }
            let fine = ownQueues ? "every context on its own queue" : "no context confined to an actor"
            return .verify(
                .contexts, problems.isEmpty, expected: expected,
                measured: problems.isEmpty ? fine
                    : ownQueues ? "\(main) on the main queue, \(confined) confined" : "\(confined) confined",
                problem: problems.joined(separator: "; ")
            )
        }
    }
}
