// MARK: - ExerciseCatalog

/// The exercises, in the order a workshop takes them: each builds on the ones before.
public enum ExerciseCatalog {
    public static let all: [Exercise] = [
        .confinement,
        .debugSwitch,
        .plainActor,
        .customExecutor,
        .globalActor,
        .isolatedInit,
        .idsNotObjects,
        .taskInheritance,
        .lostUpdates,
        .chattyCalls,
        .retainCycle,
        .observation,
        .inheritedIsolation,
        .blockingExecutor,
    ]

    /// The exercise numbered `number`, or nil.
    public static func exercise(_ number: Int) -> Exercise? {
        all.first { $0.number == number }
    }
}
