// A wrong fix of exercise 7 (swallowing errors): the lookup is right, but `try?` turns
// every failure into nil, so a note whose read fails looks deleted. The check refuses it:
// `failure`, a disk error turned into nil.

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor SwallowingSidebar: SidebarSource, NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext

    init(container: NoteContainer) throws {
        let context = try container.newContext(name: "sidebar")
        self.context = context
        modelExecutor = ContextExecutor(context: context)
    }

    func item(for id: NoteID) -> NoteSnapshot? {
        (try? context.existingObject(with: id))?.snapshot
    }
}
