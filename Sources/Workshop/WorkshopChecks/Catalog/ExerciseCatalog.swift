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

// MARK: - The session

/// One part of a workshop session, as the trainers' guide's table shows it: exercises under
/// a name, or a break.
package enum SessionPart: Sendable {
    case exercises(String, [Exercise])
    case pause(minutes: Int)
}

extension ExerciseCatalog {
    /// A session of the whole workshop, in the order a room takes it: by lesson, but 13 right
    /// after 8 (both are about the isolation a closure or a task inherits) and 14 right after
    /// 10 (both read what a call costs). Every exercise is in it once (a test checks).
    package static let session: [SessionPart] = [
        .exercises("confinement", [.confinement, .debugSwitch, .plainActor, .customExecutor]),
        .exercises("the database layer", [.globalActor, .isolatedInit, .idsNotObjects]),
        .pause(minutes: 15),
        .exercises("where code runs", [.taskInheritance, .inheritedIsolation, .lostUpdates]),
        .exercises("what it costs", [.chattyCalls, .blockingExecutor]),
        .exercises("what stays behind", [.retainCycle, .observation]),
        .exercises("off the main actor", [.backgroundSync, .modelActorOnMain, .temporaryIDs, .isolatedConformance, .readsThatDoNotWait]),
    ]
}
