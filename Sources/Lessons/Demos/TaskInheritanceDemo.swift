// Lesson 8: `Task { }` inherits the caller's actor; `Task.detached` does not.
// Source: "SwiftData 中的并发编程", Fatbobman (002).

import Foundation
import GlobalActorStore
import Support

// MARK: - Where tasks run

/// From the main actor: does each kind of task run on the main actor's queue?
@MainActor
func tasksFromTheMainActor() async -> (task: Bool, detached: Bool) {
    // snippet: main-actor
    let task = await Task { MainQueue.isCurrent }.value
    let detached = await Task.detached { MainQueue.isCurrent }.value
    // snippet: end
    return (task, detached)
}

/// From the database's global actor: does each kind of task run on its context queue?
@DatabaseActor
func tasksFromTheDatabaseActor() async -> (task: Bool, detached: Bool) {
    let task = await Task { DatabaseActor.queue.isCurrent }.value
    let detached = await Task.detached { DatabaseActor.queue.isCurrent }.value
    return (task, detached)
}

// MARK: - TaskInheritanceDemo

package struct TaskInheritanceDemo: Demo {
    package struct Outcome: Codable, Sendable, Equatable {
        package var taskFromMainActorOnMainActor: Bool
        package var detachedFromMainActorOnMainActor: Bool
        package var taskFromDatabaseActorOnItsQueue: Bool
        package var detachedFromDatabaseActorOnItsQueue: Bool
    }

    package static let name = "task-inheritance"
    package static let lesson = 8
    package static let summary = "Task { } runs on the caller's actor; Task.detached does not"
    package static let source = Article.swiftDataConcurrency
    package static let chapter = "Docs/LabGuide.docc/TaskVersusDetached.md"
    package static let whatItDoes = """
        From a @MainActor function, starts a Task { } and a Task.detached { } that each \
        report whether they run on the main actor. Then does the same from a @DatabaseActor \
        function, where each task reports whether it runs on the database's context queue.
        """
    package static let why = """
        Task { } inherits the actor of the code that creates it, so work you meant for the \
        background runs on the main actor, and in SwiftData a ModelActor created in such a \
        task gets a main-queue context. Task.detached { } inherits no actor and runs on the \
        global concurrent executor. Prefer neither as a habit: say where the work belongs by \
        calling an actor (or a @concurrent function) that owns it.
        """

    package init() {}

    package func run(in environment: DemoEnvironment) async throws -> Outcome {
        let main = await tasksFromTheMainActor()
        let database = await tasksFromTheDatabaseActor()
        return Outcome(
            taskFromMainActorOnMainActor: main.task, detachedFromMainActorOnMainActor: main.detached,
            taskFromDatabaseActorOnItsQueue: database.task, detachedFromDatabaseActorOnItsQueue: database.detached
        )
    }

    package static func whatHappened(_ outcome: Outcome) -> [String] {
        func on(_ value: Bool) -> String { value ? "on" : "off" }
        return [
            "From the main actor, Task { } ran \(on(outcome.taskFromMainActorOnMainActor)) the main actor; "
                + "Task.detached ran \(on(outcome.detachedFromMainActorOnMainActor)) it.",
            "From the database actor, Task { } ran \(on(outcome.taskFromDatabaseActorOnItsQueue)) its context queue; "
                + "Task.detached ran \(on(outcome.detachedFromDatabaseActorOnItsQueue)) it.",
        ]
    }
}
