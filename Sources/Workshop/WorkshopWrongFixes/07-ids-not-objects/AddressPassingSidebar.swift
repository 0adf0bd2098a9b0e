// Exercise 7, a wrong fix: the object crosses as a number. The sidebar keeps the starter's
// plan, fetching the note in the editor's context and handing the object back, and gets
// it past the compiler as an `Int`: the note's address, retained by hand with `Unmanaged`,
// and rebuilt on the other side. It reads the object only inside the editor's `perform`,
// on its queue, so nothing traps and no access races; but a `Note` left its queue's
// isolation, which the lesson exists to stop, and the next change to this code has no
// compiler to catch a read outside `perform`. A new editor context for each call keeps its
// values fresh.
// Rejected by `source` (an unsafe pointer).

import CustomExecutorStore
import NoteStore
import WorkshopKit

actor AddressPassingSidebar: SidebarSource, NoteModelActor {
    nonisolated let modelExecutor: ContextExecutor
    let context: NoteContext
    private let container: NoteContainer

    init(container: NoteContainer) throws {
        let context = try container.newContext(name: "sidebar")
        self.context = context
        self.container = container
        modelExecutor = ContextExecutor(context: context)
    }

    func item(for id: NoteID) async throws -> NoteSnapshot? {
        let editor = try container.newContext(name: "editor")
        let address = try await editor.perform { (editor) throws(NoteStoreError) -> Int? in
            do throws(NoteStoreError) {
                let note = try editor.existingObject(with: id)
                return Int(bitPattern: Unmanaged.passRetained(note).toOpaque())
            } catch .notFound {
                return nil
            }
        }
        guard let address else { return nil }
        return await editor.perform { _ in
            let note = Unmanaged<Note>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeRetainedValue()
            return note.snapshot
        }
    }
}
