// A wrong fix of exercise 7 (trusts values read in an earlier job): the identifier crosses
// and the note is looked up in the sidebar's own context, but each item read is remembered
// and answered again from memory, "so that scrolling back does not read the database".
// Another context's later save or deletion of the note is never seen: the sidebar goes on
// showing the values of the first read, and a deleted note stays listed.

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor RememberingSidebar: SidebarSource, NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext
    private var remembered: [NoteID: NoteSnapshot?] = [:]

    init(container: NoteContainer) throws {
        let context = try container.newContext(name: "sidebar")
        self.context = context
        modelExecutor = ContextExecutor(context: context)
    }

    func item(for id: NoteID) throws -> NoteSnapshot? {
        if let item = remembered[id] { return item }
        let item: NoteSnapshot?
        do {
            item = try context.existingObject(with: id).snapshot
        } catch .notFound {
            item = nil
        }
        remembered[id] = item
        return item
    }
}
