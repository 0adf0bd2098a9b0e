// MARK: - RepositoryCall

/// The calls of ``NoteRepository`` an operation makes.
public enum RepositoryCall: String, CaseIterable, Sendable {
    case importBatch, snapshot, update, title, body, folderName, modified
}

extension ScenarioPlan.Operation {
    /// The repository calls this operation makes, in order.
    public var calls: [RepositoryCall] {
        switch self {
        case .importBatch: [.importBatch]
        case .pointRead: [.snapshot]
        case .update: [.update]
        case .chatty: [.title, .body, .folderName, .modified]
        }
    }
}

// MARK: - HopExpectation

/// The actor hops a row expects each repository call to make, declared next to the row's
/// code with the reason for every hop, so the table can compare them with what the hop
/// meter counts. A range says that a hop depends on timing (a continuation resumed before
/// or after its task suspended), which the reasons must explain.
public struct HopExpectation: Sendable {
    /// Hops one call makes, at least and at most.
    public let hops: @Sendable (RepositoryCall) -> ClosedRange<Int>
    /// Why, one line per hop.
    public let reasons: [String]

    public init(reasons: [String], hops: @escaping @Sendable (RepositoryCall) -> ClosedRange<Int>) {
        self.reasons = reasons
        self.hops = hops
    }

    /// Exactly `hops(call)` hops for each call.
    public init(reasons: [String], exactly hops: @escaping @Sendable (RepositoryCall) -> Int) {
        self.init(reasons: reasons) { call in hops(call)...hops(call) }
    }

    /// The same number of hops for every call.
    public static func perCall(_ count: Int, because reasons: String...) -> HopExpectation {
        HopExpectation(reasons: reasons) { _ in count...count }
    }

    /// Between `range.lowerBound` and `range.upperBound` hops for every call.
    public static func perCall(_ range: ClosedRange<Int>, because reasons: String...) -> HopExpectation {
        HopExpectation(reasons: reasons) { _ in range }
    }

    /// The mean number of hops per measured operation of `plan`, at least and at most.
    public func hopsPerOperation(in plan: ScenarioPlan) -> ClosedRange<Double> {
        var lower = 0
        var upper = 0
        for operation in plan.clients.joined() {
            for call in operation.calls {
                let range = hops(call)
                lower += range.lowerBound
                upper += range.upperBound
            }
        }
        let operations = Double(max(1, plan.operationCount))
        return Double(lower) / operations...Double(upper) / operations
    }
}
