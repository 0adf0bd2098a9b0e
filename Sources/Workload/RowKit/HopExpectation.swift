import Workload

// MARK: - HopExpectation

/// The actor hops a row expects each repository call to make, declared next to the row's
/// code with the reason for every hop, so the table can compare them with what the hop
/// meter counts. A hop that depends on timing is declared apart, with the condition that
/// decides it; the table then reports how often it happened instead of a range.
public struct HopExpectation: Sendable {
    /// Hops one call makes, at least and at most: the upper bound counts the hops that
    /// happen only when ``condition`` holds.
    public let hops: @Sendable (RepositoryCall) -> ClosedRange<Int>
    /// Why, one line per hop.
    public let reasons: [String]
    /// What decides the hops beyond the lower bound, when there are any.
    public let condition: String?
    /// Hops the first call of every operation makes beyond its ``hops``: none unless a row
    /// says so (``onEachOperationsFirstCall(plus:)``).
    public let firstCallOfOperation: Int
    /// Hops of the list's read when a scenario's list makes it from the main actor: what
    /// ``hops`` gives the call unless a row says otherwise (``listScreen(_:because:)``).
    public let listFromTheMainActor: ClosedRange<Int>

    public init(reasons: [String], hops: @escaping @Sendable (RepositoryCall) -> Int) {
        self.init(reasons: reasons, condition: nil, firstCallOfOperation: 0) { call in hops(call)...hops(call) }
    }

    private init(
        reasons: [String], condition: String?, firstCallOfOperation: Int, listFromTheMainActor: ClosedRange<Int>? = nil,
        hops: @escaping @Sendable (RepositoryCall) -> ClosedRange<Int>
    ) {
        self.reasons = reasons
        self.condition = condition
        self.firstCallOfOperation = firstCallOfOperation
        self.listFromTheMainActor = listFromTheMainActor ?? hops(.listScreen)
        self.hops = hops
    }

    /// `reads` hops for a call that reads, `writes` for one that saves
    /// (``RepositoryCall/writes``), and the counts of `overrides` for the calls it names: a
    /// new call of the repository takes its kind's count until a row says otherwise.
    public init(reasons: [String], reads: Int, writes: Int, overrides: [RepositoryCall: Int] = [:]) {
        self.init(reasons: reasons) { call in overrides[call] ?? (call.writes ? writes : reads) }
    }

    /// The same number of hops for every call.
    public static func perCall(_ count: Int, because reasons: String...) -> HopExpectation {
        HopExpectation(reasons: reasons) { _ in count }
    }

    /// `count` hops for every call, and one more when `condition` holds.
    public static func perCall(_ count: Int, plusOneWhen condition: String, because reasons: String...) -> HopExpectation {
        HopExpectation(reasons: reasons, condition: condition, firstCallOfOperation: 0) { _ in count...(count + 1) }
    }

    /// This expectation with `count` more hops on the first call of every operation, whatever
    /// that call is: where the caller's own code around an operation costs hops too (a client
    /// task that prefers an executor switches to it entering and leaving the runner's
    /// function). The main-actor list's read is no operation's call and takes none.
    public func onEachOperationsFirstCall(plus count: Int) -> HopExpectation {
        HopExpectation(
            reasons: reasons, condition: condition, firstCallOfOperation: firstCallOfOperation + count,
            listFromTheMainActor: listFromTheMainActor, hops: hops
        )
    }

    /// This expectation with `count` for the list's read (``RepositoryCall/listScreen``)
    /// when a scenario's list makes it from the main actor: where the row's method is not
    /// isolated to an actor of its own, that call leaves the main actor and comes back,
    /// which a call from the cooperative pool (list-read's) does not. Without it, the
    /// list's read makes what the expectation gives a read, wherever it comes from.
    public func listScreen(_ count: Int, because reasons: String...) -> HopExpectation {
        HopExpectation(
            reasons: self.reasons + reasons.map { "the list's read, from the main actor: \($0)" }, condition: condition,
            firstCallOfOperation: firstCallOfOperation, listFromTheMainActor: count...count, hops: hops
        )
    }

    /// The mean number of hops per measured operation of `plan`, at least and at most (the
    /// most when ``condition`` held for every call), with `listReads` reads of the list
    /// (the frames its list rendered, in a scenario with one) counted in, and `besides` more
    /// that no call of the row makes (the list's own code).
    public func hopsPerOperation(in plan: ScenarioPlan, listReads: Int = 0, besides: ClosedRange<Int> = 0...0) -> ClosedRange<Double> {
        let list = listFromTheMainActor
        var lower = listReads * list.lowerBound + besides.lowerBound
        var upper = listReads * list.upperBound + besides.upperBound
        for operation in plan.clients.joined() {
            let calls = operation.calls
            for call in calls {
                let range = hops(call)
                lower += range.lowerBound
                upper += range.upperBound
            }
            if !calls.isEmpty {
                lower += firstCallOfOperation
                upper += firstCallOfOperation
            }
        }
        let operations = Double(max(1, plan.operationCount))
        return Double(lower) / operations...Double(upper) / operations
    }
}
