// Row `model-actor-on-main`: lesson 16's mistake, the model actor made on the main actor.
//
// The actor is `custom-executor`'s, unchanged. Its container binds a context made on the
// main actor to the main queue (`bindsMainActorContextsToMainQueue`), as SwiftData's
// `ModelContext` binds to the thread that creates it, and the row makes the actor in
// `@MainActor` code, as a view's `.task { }` would. The actor's initializer is synchronous
// and nonisolated, so it runs there and makes its context on the main queue: the actor's
// executor is then the main queue, and every call of every client runs on the main thread,
// one at a time, in line with whatever the user interface does. The counts are the same as
// `custom-executor`'s; where the work runs is not.

import CustomExecutorStore
import NoteStore
import Workload
import RowKit

extension RowDescriptor {
    /// `model-actor-on-main`: the custom-executor actor, made on the main actor, so on the main queue.
    public static let modelActorOnMain = RowDescriptor(
        id: .modelActorOnMain, kind: .antiPattern,
        summary: """
            the `custom-executor` actor made in `@MainActor` code, in a container that binds \
            such a context to the main queue, as developers report of SwiftData's `ModelContext` \
            (Apple does not document it): every call runs on the main thread
            """,
        lessons: [16],
        expectedHops: .perCall(
            2,
            because: "into the actor: a job on the main queue, its context's", "back to the caller's executor"
        ),
        costModel: .predicted(base: .storeSync)
    ) { configuration in
        let container = try NoteContainer(
            location: configuration.location,
            options: .init(concurrencyDebug: configuration.concurrencyDebug, bindsMainActorContextsToMainQueue: true)
        )
        return try await makeOnMainActor(container: container)
    }

    /// The mistake: the actor made in main-actor code.
    @MainActor
    static func makeOnMainActor(container: NoteContainer) throws -> CustomExecutorRepository {
        try CustomExecutorRepository(container: container)
    }
}
