// MARK: - LeakCheck

/// Finds what a subject leaves alive after its owner lets go of it.
///
/// Before teardown, every class instance reachable from the subject is recorded with a
/// weak reference; after teardown, the ones still alive are leaks, and the strong path
/// that holds each one is looked up by reflection (``ObjectGraph``).
package struct LeakCheck: Sendable {
    private let tracked: [ObjectGraph.Tracked]

    /// Records every instance reachable from `root`, without keeping any of them alive,
    /// except the shared ones `isBoundary` names (see ``ObjectGraph/reachable(from:limit:isBoundary:)``).
    package init(tracking root: AnyObject, isBoundary: (AnyObject) -> Bool = { _ in false }) {
        tracked = ObjectGraph.reachable(from: root, isBoundary: isBoundary)
    }

    /// Builds a subject, lets it go, and reports what survived.
    package static func run(_ makeSubject: () -> AnyObject) -> LeakReport {
        LeakCheck(tracking: makeSubject()).report()
    }

    /// Waits until every tracked instance is gone, or `timeout` passes: a queue may still
    /// be releasing the last closure that captured an object just after the caller resumed,
    /// which is teardown in progress, not a leak.
    package func settle(timeout: Duration = .milliseconds(250)) async {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while tracked.contains(where: { $0.object != nil }), clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// The instances still alive now, by type, with the paths that hold them.
    package func report() -> LeakReport {
        let survivors = tracked.compactMap { entry in entry.object.map { (entry.typeName, $0) } }
        var byType: [String: Int] = [:]
        var paths: [String] = []
        for (typeName, object) in survivors {
            byType[typeName, default: 0] += 1
            let path = ObjectGraph.retainPath(of: object)
                ?? "\(typeName): retained from outside the graph (a task, a global, a caller)"
            if !paths.contains(path) { paths.append(path) }
        }
        return LeakReport(leakedObjects: survivors.count, survivorsByType: byType, paths: paths)
    }
}

// MARK: - LeakReport

/// What survived a teardown.
public struct LeakReport: Sendable, Equatable {
    /// Instances still alive.
    public var leakedObjects: Int
    /// The same, counted per type name.
    public var survivorsByType: [String: Int]
    /// One strong path per surviving instance, duplicates removed, in discovery order.
    public var paths: [String]

    public static let none = LeakReport(leakedObjects: 0, survivorsByType: [:], paths: [])
}
