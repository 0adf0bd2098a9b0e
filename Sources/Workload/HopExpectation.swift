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
/// meter counts.
public struct HopExpectation: Sendable {
    /// Hops one call makes.
    public let hops: @Sendable (RepositoryCall) -> Int
    /// Why, one line per hop.
    public let reasons: [String]

    public init(reasons: [String], hops: @escaping @Sendable (RepositoryCall) -> Int) {
        self.reasons = reasons
        self.hops = hops
    }

    /// The same number of hops for every call.
    public static func perCall(_ count: Int, because reasons: String...) -> HopExpectation {
        HopExpectation(reasons: reasons) { _ in count }
    }

    /// The mean number of hops per measured operation of `plan`.
    public func hopsPerOperation(in plan: ScenarioPlan) -> Double {
        let total = plan.clients.joined().reduce(0) { sum, operation in
            sum + operation.calls.reduce(0) { $0 + hops($1) }
        }
        return Double(total) / Double(max(1, plan.operationCount))
    }
}
