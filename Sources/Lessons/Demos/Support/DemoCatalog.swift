// MARK: - DemoCatalog

/// The demos, in lesson order.
package enum DemoCatalog {
    package static let all: [any Demo.Type] = [
        QueueConfinementDemo.self,
        DebugTrapDemo.self,
        PlainActorDemo.self,
        CustomExecutorDemo.self,
        GlobalActorDemo.self,
        IsolatedInitDemo.self,
        IDLookupsDemo.self,
        TaskInheritanceDemo.self,
        SetterRedispatchDemo.self,
        ActorPerObjectDemo.self,
        ClosureCycleDemo.self,
        ObservationDemo.self,
        NoWarningCrashDemo.self,
        DefaultIsolationDemo.self,
        BackgroundSyncDemo.self,
        ModelActorOnMainDemo.self,
        TemporaryIDsDemo.self,
        IsolatedConformanceDemo.self,
        ReadsThatDoNotWaitDemo.self,
    ]

    /// The demo with this name, or nil.
    package static func demo(named name: String) -> (any Demo.Type)? {
        all.first { $0.name == name }
    }

    /// The list `lab demo` prints: lesson, name and summary, one demo a line.
    package static func listing() -> String {
        let width = all.map { $0.name.count }.max() ?? 0
        return all.map { demo in
            let lesson = demo.lesson < 10 ? " \(demo.lesson)" : "\(demo.lesson)"
            let name = demo.name + String(repeating: " ", count: width - demo.name.count)
            return "  \(lesson)  \(name)  \(demo.summary)"
        }.joined(separator: "\n")
    }
}
