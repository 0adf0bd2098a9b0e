// MARK: - ExerciseCatalog

/// The exercises, in the order a workshop takes them: each builds on the ones before.
package enum ExerciseCatalog {
    package static let all: [Exercise] = [
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
        .backgroundSync,
        .modelActorOnMain,
        .temporaryIDs,
        .isolatedConformance,
        .readsThatDoNotWait,
    ]

    /// The exercise numbered `number`, or nil.
    package static func exercise(_ number: Int) -> Exercise? {
        all.first { $0.number == number }
    }
}
