// Exercise 7: identifiers, not objects. Lesson 7: pass a NoteID between contexts, and know
// what each of the three lookups does when the row is gone.
// Sources: "SwiftData 中的并发编程", Fatbobman; "ActorでCoreDataをスレッドから解放しよう", Himeshi.
//
// The sidebar shows a note's values. It asks the editor's context for the note and reads
// it in its own actor. It does not compile. Make it compile and pass
// `lab workshop check 7`: the values of a saved note, nil for a note another context has
// deleted, and no trap.
//
// Keep the actor's name and its SidebarSource conformance: the check uses them.

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor Sidebar: SidebarSource, NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext
    /// The editor's context, where notes are edited and saved.
    private let editor: NoteContext

    init(container: NoteContainer) throws {
        let context = try container.newContext(name: "sidebar")
        self.context = context
        modelExecutor = ContextExecutor(context: context)
        editor = try container.newContext(name: "editor")
    }

    /// The note's values, or nil when the note was deleted.
    func item(for id: NoteID) async throws -> NoteSnapshot? {
        let note = try await editor.perform { editor in try editor.existingObject(with: id) }
        return note.isDeleted ? nil : note.snapshot
    }
}
